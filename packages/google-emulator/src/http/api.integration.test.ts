import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startGoogleEmulator } from "../server.ts";
import { callApi, refreshAccess, signIn } from "../testing/oauth-flow.ts";

const START = new Date("2026-03-10T12:00:00Z");
const NORTHWIND_STORE = "312456789";
const LARGE_STORE = "276543210";
const AGENCY_CLIENT = "398120457";
const REVOKED_CLIENT = "421776305";

const REPORT = {
  dimensions: [{ name: "sessionSource" }, { name: "sessionMedium" }],
  metrics: [{ name: "sessions" }],
  dateRanges: [{ startDate: "7daysAgo", endDate: "yesterday" }],
  returnPropertyQuota: true,
};

describe("Admin and Data API routes", () => {
  let clock = START;
  let emulator: RunningEmulator;
  let base: string;
  let alex: string;
  let priya: string;
  let sam: string;

  beforeAll(async () => {
    emulator = await startGoogleEmulator({ now: () => clock });
    base = emulator.url;
    alex = (await signIn(base, { email: "alex.morgan@gmail.com" })).tokens.access_token;
    priya = (await signIn(base, { email: "priya@brightside-agency.com" })).tokens.access_token;
    sam = (await signIn(base, { email: "sam.lee@gmail.com" })).tokens.access_token;
  });
  afterEach(() => {
    clock = START;
  });
  afterAll(() => emulator.close());

  it("lists each user's accounts and properties", async () => {
    const all = await callApi(base, "/v1beta/accountSummaries", alex);
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    const summaries = all.json.accountSummaries as {
      displayName: string;
      propertySummaries: { property: string }[];
    }[];
    expect(summaries.map((summary) => summary.displayName)).toEqual([
      "Northwind Outfitters",
      "Brightside Agency",
    ]);
    expect(summaries[0]?.propertySummaries.map((p) => p.property)).toEqual([
      `properties/${NORTHWIND_STORE}`,
      `properties/${LARGE_STORE}`,
    ]);

    const agency = await callApi(base, "/v1beta/accountSummaries", priya);
    expect(
      (agency.json.accountSummaries as { displayName: string }[]).map((a) => a.displayName),
    ).toEqual(["Brightside Agency"]);
    expect(await callApi(base, "/v1beta/accountSummaries", sam)).toMatchObject({
      status: 200,
      json: {},
    });
  });

  it("serves a property and its web stream to a user with a role on it", async () => {
    const property = await callApi(base, `/v1beta/properties/${NORTHWIND_STORE}`, alex);
    expect(property.json).toMatchObject({
      name: `properties/${NORTHWIND_STORE}`,
      parent: "accounts/204681357",
      serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
    });
    const streams = await callApi(base, `/v1beta/properties/${NORTHWIND_STORE}/dataStreams`, alex);
    expect(streams.status).toBe(200);
    expect((streams.json.dataStreams as { type: string }[])[0]?.type).toBe("WEB_DATA_STREAM");
    const metadata = await callApi(base, `/v1beta/properties/${NORTHWIND_STORE}/metadata`, alex);
    expect(metadata.json.name).toBe(`properties/${NORTHWIND_STORE}/metadata`);
    const universal = await callApi(base, "/v1beta/properties/0/metadata", sam);
    expect(universal.status).toBe(200);
  });

  it("runs a report through the route and reports the property's quota", async () => {
    const path = `/v1beta/properties/${NORTHWIND_STORE}:runReport`;
    const first = await callApi(
      base,
      `/v1beta/properties/${NORTHWIND_STORE}:runReport`,
      alex,
      REPORT,
    );
    expect(first.status).toBe(200);
    expect(first.json.kind).toBe("analyticsData#runReport");
    expect(Object.keys(first.json).slice(-2)).toEqual(["propertyQuota", "kind"]);
    const quota = first.json.propertyQuota as Record<
      string,
      { consumed?: number; remaining: number }
    >;
    const cost = quota.tokensPerHour?.consumed ?? 0;
    expect(cost).toBeGreaterThan(0);
    expect(quota).toEqual({
      tokensPerDay: { consumed: cost, remaining: 200_000 - cost },
      tokensPerHour: { consumed: cost, remaining: 40_000 - cost },
      concurrentRequests: { remaining: 10 },
      serverErrorsPerProjectPerHour: { remaining: 10 },
      potentiallyThresholdedRequestsPerHour: { remaining: 120 },
      tokensPerProjectPerHour: { consumed: cost, remaining: 14_000 - cost },
    });

    const second = await callApi(
      base,
      `/v1beta/properties/${NORTHWIND_STORE}:runReport`,
      alex,
      REPORT,
    );
    const after = second.json.propertyQuota as Record<string, { remaining: number }>;
    expect(after.tokensPerHour?.remaining).toBe(40_000 - 2 * cost);

    // The next hour on the stand-in's clock: the hourly buckets refill, the daily one does not.
    clock = new Date(START.getTime() + 60 * 60 * 1000);
    const fresh = (await signIn(base, { email: "alex.morgan@gmail.com" })).tokens.access_token;
    const nextHour = await callApi(base, path, fresh, REPORT);
    const rolled = nextHour.json.propertyQuota as Record<string, { remaining: number }>;
    expect(rolled.tokensPerHour?.remaining).toBe(40_000 - cost);
    expect(rolled.tokensPerDay?.remaining).toBe(200_000 - 3 * cost);

    const without = await callApi(base, path, fresh, { ...REPORT, returnPropertyQuota: false });
    expect(without.json).not.toHaveProperty("propertyQuota");
  });

  it("runs a batch of reports", async () => {
    const batch = await callApi(base, `/v1beta/properties/${LARGE_STORE}:batchRunReports`, alex, {
      requests: [REPORT, { ...REPORT, returnPropertyQuota: false }],
    });
    expect(batch.status).toBe(200);
    expect(batch.json.kind).toBe("analyticsData#batchRunReports");
    const reports = batch.json.reports as Record<string, unknown>[];
    expect(reports).toHaveLength(2);
    expect(reports[0]).toHaveProperty("propertyQuota");
    expect(reports[1]).not.toHaveProperty("propertyQuota");
  });

  it("refuses a batch whose requests name another property", async () => {
    const batch = await callApi(base, `/v1beta/properties/${LARGE_STORE}:batchRunReports`, alex, {
      requests: [REPORT, { ...REPORT, property: `properties/${NORTHWIND_STORE}` }],
    });
    expect(batch.status).toBe(400);
    expect(batch.json).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
  });

  it("answers checkCompatibility with the admission of runReport", async () => {
    const path = `/v1beta/properties/${NORTHWIND_STORE}:checkCompatibility`;
    const traffic = {
      dimensions: [{ name: "sessionSource" }, { name: "landingPagePlusQueryString" }],
      metrics: [{ name: "keyEvents" }, { name: "sessions" }],
      dimensionFilter: { filter: { fieldName: "hostName", stringFilter: { value: "x" } } },
      compatibilityFilter: "INCOMPATIBLE",
    };
    const answer = await callApi(base, path, alex, traffic);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    expect(answer.json).toEqual({
      dimensionCompatibilities: [
        expect.objectContaining({
          dimensionMetadata: expect.objectContaining({ apiName: "itemId" }),
          compatibility: "INCOMPATIBLE",
        }),
        expect.objectContaining({
          dimensionMetadata: expect.objectContaining({ apiName: "itemName" }),
          compatibility: "INCOMPATIBLE",
        }),
      ],
    });
    const incompatible = await callApi(base, path, alex, {
      dimensions: [{ name: "itemName" }],
      metrics: [{ name: "keyEvents" }],
    });
    expect(incompatible.status).toBe(400);
    expect(incompatible.json).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
    expect((await callApi(base, path, priya, traffic)).status).toBe(403);
    expect((await callApi(base, path, undefined, traffic)).status).toBe(401);
  });

  it("passes the Data API's own validation errors through", async () => {
    const bad = await callApi(base, `/v1beta/properties/${NORTHWIND_STORE}:runReport`, alex, {
      ...REPORT,
      dimensions: [{ name: "noSuchDimension" }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
  });

  it("refuses another user's property and unknown properties with PERMISSION_DENIED", async () => {
    for (const path of [
      `/v1beta/properties/${NORTHWIND_STORE}:runReport`,
      "/v1beta/properties/999999999:runReport",
    ]) {
      const denied = await callApi(base, path, priya, REPORT);
      expect(denied.status).toBe(403);
      expect(denied.json).toEqual({
        error: {
          code: 403,
          message:
            "User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.",
          status: "PERMISSION_DENIED",
        },
      });
    }
    expect((await callApi(base, `/v1beta/properties/${NORTHWIND_STORE}`, priya)).status).toBe(403);
    expect((await callApi(base, `/v1beta/properties/${AGENCY_CLIENT}`, priya)).status).toBe(200);
  });

  it("answers 401 for a missing or unknown token", async () => {
    const missing = await callApi(base, "/v1beta/accountSummaries", undefined);
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({
      error: {
        code: 401,
        status: "UNAUTHENTICATED",
        details: [{ reason: "CREDENTIALS_MISSING", domain: "googleapis.com" }],
      },
    });
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer realm=/);

    const unknown = await callApi(base, "/v1beta/accountSummaries", "ya29.forged.token");
    expect(unknown.status).toBe(401);
    expect((unknown.json.error as { message: string }).message).toMatch(
      /^Request had invalid authentication credentials\./,
    );

    const viaQuery = await fetch(`${base}/v1beta/accountSummaries?access_token=${alex}`);
    expect(viaQuery.status).toBe(200);
  });

  it("answers 403 ACCESS_TOKEN_SCOPE_INSUFFICIENT to a sign-in-only token", async () => {
    const { tokens } = await signIn(base, { scope: "openid email profile" });
    const response = await callApi(
      base,
      `/v1beta/properties/${NORTHWIND_STORE}:runReport`,
      tokens.access_token,
      REPORT,
    );
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      error: {
        code: 403,
        message: "Request had insufficient authentication scopes.",
        status: "PERMISSION_DENIED",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
            domain: "googleapis.com",
            metadata: {
              service: "analyticsdata.googleapis.com",
              method: "google.analytics.data.v1beta.BetaAnalyticsData.RunReport",
            },
          },
        ],
      },
    });
  });

  it("revokes the grant that touches a property whose owner removed access", async () => {
    const { tokens } = await signIn(base, {
      email: "priya@brightside-agency.com",
      prompt: "consent",
    });
    const report = await callApi(
      base,
      `/v1beta/properties/${REVOKED_CLIENT}:runReport`,
      tokens.access_token,
      REPORT,
    );
    expect(report.status).toBe(401);
    expect((report.json.error as { status: string }).status).toBe("UNAUTHENTICATED");
    expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(401);
    expect(await refreshAccess(base, tokens.refresh_token ?? "")).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
    });
  });

  it("answers an unknown custom method with Google's HTML 404", async () => {
    const response = await fetch(`${base}/v1beta/properties/${NORTHWIND_STORE}:runPivotReport`, {
      method: "POST",
      headers: { authorization: `Bearer ${alex}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("answers a malformed JSON body with INVALID_ARGUMENT", async () => {
    const response = await fetch(`${base}/v1beta/properties/${NORTHWIND_STORE}:runReport`, {
      method: "POST",
      headers: { authorization: `Bearer ${alex}`, "content-type": "application/json" },
      body: "{nope",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 400, status: "INVALID_ARGUMENT" },
    });
  });
});
