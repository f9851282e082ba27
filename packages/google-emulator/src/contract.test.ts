import { createHash, randomBytes } from "node:crypto";
import {
  GA4_DATA_STREAM_TYPES,
  GA4_METRIC_TYPES,
  GA4_PROPERTY_TYPES,
  GA4_READONLY_SCOPE,
  GoogleApiErrorResponseSchema,
  GoogleDiscoveryDocumentSchema,
  GoogleTokenErrorSchema,
  GoogleTokenResponseSchema,
  GoogleUserInfoSchema,
  ListAccountSummariesResponseSchema,
  ListDataStreamsResponseSchema,
  PropertySchema,
  RUN_REPORT_KIND,
  RunReportResponseSchema,
} from "@utmost/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  consentDecision,
  DEMO_CLIENT,
  type RunningEmulator,
  startGoogleEmulator,
} from "./index.ts";
import { HOSTILE_TEXT } from "./synthetic/index.ts";

/**
 * The stand-in checked against Google's wire rules (shared/reference/ga4-protocol.md) and the
 * schemas the production client parses with (`@utmost/contracts`), over raw HTTP, so it cannot
 * drift into a protocol of its own. Each expectation names the rule it holds the stand-in to.
 */

const REDIRECT_URI = "http://127.0.0.1:3000/oauth/callback";
const SCOPE = `openid email profile ${GA4_READONLY_SCOPE}`;
const USERINFO_EMAIL = "https://www.googleapis.com/auth/userinfo.email";
const ALEX = "alex.morgan@gmail.com";
const PRIYA = "priya@brightside-agency.com";
const NO_ACCOUNTS = "sam.lee@gmail.com";
const HOSTILE = "hostile.tester@gmail.com";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startGoogleEmulator();
});
afterAll(async () => {
  await emulator?.close();
});
afterEach(() => {
  emulator.faults.reset();
});

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

function postForm(path: string, form: Record<string, string>): Promise<Answer> {
  return fetch(`${emulator.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  }).then(answer);
}

function api(path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${emulator.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(answer);
}

/** The code half of the web-server flow, as a browser and the app's server would run it. */
async function authorize(email: string, ticked?: readonly string[]) {
  const verifier = randomBytes(48).toString("base64url");
  const url = new URL(`${emulator.url}/o/oauth2/v2/auth`);
  for (const [name, value] of Object.entries({
    client_id: DEMO_CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: SCOPE,
    access_type: "offline",
    prompt: "consent",
    state: "contract-state",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  })) {
    url.searchParams.set(name, value);
  }
  const location = new URL(
    await consentDecision(url.toString(), {
      email,
      decision: "allow",
      ...(ticked ? { scopes: ticked } : {}),
    }),
  );
  return { location, verifier };
}

async function exchange(email: string, ticked?: readonly string[]): Promise<Answer> {
  const { location, verifier } = await authorize(email, ticked);
  return postForm("/token", {
    grant_type: "authorization_code",
    code: location.searchParams.get("code") ?? "",
    redirect_uri: REDIRECT_URI,
    client_id: DEMO_CLIENT.clientId,
    client_secret: DEMO_CLIENT.clientSecret,
    code_verifier: verifier,
  });
}

async function accessTokenFor(email: string, ticked?: readonly string[]): Promise<string> {
  const tokens = GoogleTokenResponseSchema.parse((await exchange(email, ticked)).json);
  return tokens.access_token;
}

async function propertyIdOf(profileKey: string): Promise<string> {
  const property = emulator.world.accounts
    .flatMap((account) => account.properties)
    .find((candidate) => candidate.profile.key === profileKey);
  if (!property) throw new Error(`no ${profileKey} property`);
  return property.profile.propertyId;
}

/** §0: every API answer is JSON, errors included. */
function expectApiJson(response: Answer): void {
  expect(response.headers.get("content-type")).toMatch(/^application\/json; charset=utf-8$/i);
  expect(response.json, response.text.slice(0, 200)).toBeDefined();
}

/** §1.5, §1.7: token endpoint answers are JSON and never cached. */
function expectTokenEndpointHeaders(response: Answer): void {
  expect(response.headers.get("content-type")).toMatch(/^application\/json; charset=utf-8$/i);
  expect(response.headers.get("cache-control")).toContain("no-store");
}

/**
 * §0 "Default values are omitted": proto3 JSON leaves out empty arrays, `0`, `false` and `""`. Metric
 * and dimension `value`s are a oneof, which is always written, so `""` is allowed there.
 */
function defaultsOmitted(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${path} is an empty array`];
    return value.flatMap((item, index) => defaultsOmitted(item, `${path}[${index}]`));
  }
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const at = `${path}.${key}`;
    if (child === false) return [`${at} is false`];
    if (child === 0) return [`${at} is 0`];
    if (child === "" && key !== "value") return [`${at} is ""`];
    return defaultsOmitted(child, at);
  });
}

/** Keys the reference lists for an object; the stand-in must not invent others. */
function unknownKeys(value: unknown, known: readonly string[]): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.keys(value).filter((key) => !known.includes(key));
}

const TRAFFIC = {
  dimensions: [{ name: "date" }, { name: "sessionSource" }, { name: "sessionMedium" }],
  metrics: [{ name: "sessions" }, { name: "totalUsers" }],
  dateRanges: [{ startDate: "7daysAgo", endDate: "yesterday" }],
};

describe("OAuth 2.0 endpoints (§1)", () => {
  it("answers a code exchange with the token response of §1.5", async () => {
    const response = await exchange(ALEX);
    expect(response.status).toBe(200);
    expectTokenEndpointHeaders(response);
    const body = GoogleTokenResponseSchema.parse(response.json);
    expect(unknownKeys(response.json, Object.keys(GoogleTokenResponseSchema.shape))).toEqual([]);
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBeGreaterThan(3000);
    expect(body.expires_in).toBeLessThanOrEqual(3600);
    expect(body.refresh_token).toBeTruthy();
    expect(body.id_token?.split(".")).toHaveLength(3);
    // Scopes come back as a space-delimited list, `email` as its userinfo URL (§1.5 note).
    const scopes = (body.scope ?? "").split(" ");
    expect(scopes).toEqual(expect.arrayContaining(["openid", USERINFO_EMAIL, GA4_READONLY_SCOPE]));
  });

  it("answers a refresh without a new refresh token (§1.5)", async () => {
    const first = GoogleTokenResponseSchema.parse((await exchange(ALEX)).json);
    const response = await postForm("/token", {
      grant_type: "refresh_token",
      refresh_token: first.refresh_token ?? "",
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    });
    expect(response.status).toBe(200);
    expectTokenEndpointHeaders(response);
    const body = GoogleTokenResponseSchema.parse(response.json);
    expect(body.refresh_token).toBeUndefined();
    expect(body.access_token).not.toBe(first.access_token);
    expect(body.scope).toBeTruthy();
  });

  it("answers token errors with the flat RFC 6749 body, not the API envelope (§1.7)", async () => {
    const response = await postForm("/token", {
      grant_type: "refresh_token",
      refresh_token: "1//not-a-refresh-token",
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    });
    expect(response.status).toBe(400);
    expectTokenEndpointHeaders(response);
    expect(GoogleTokenErrorSchema.parse(response.json).error).toBe("invalid_grant");
    expect(typeof (response.json as { error: unknown }).error).toBe("string");
    expect(unknownKeys(response.json, ["error", "error_description", "error_uri"])).toEqual([]);
  });

  it("refuses a refresh token after its grant is revoked with invalid_grant", async () => {
    const tokens = GoogleTokenResponseSchema.parse((await exchange(ALEX)).json);
    emulator.faults.revokeGrants({ email: ALEX });
    const response = await postForm("/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token ?? "",
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    });
    expect(response.status).toBe(400);
    expect(GoogleTokenErrorSchema.parse(response.json).error).toBe("invalid_grant");
  });

  it("revokes by POST with the token in the query string, and answers GET with a 404 (§1.1, §1.8)", async () => {
    const tokens = GoogleTokenResponseSchema.parse((await exchange(ALEX)).json);
    const revoked = await fetch(
      `${emulator.url}/revoke?token=${encodeURIComponent(tokens.refresh_token ?? "")}`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } },
    ).then(answer);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({});
    const viaGet = await fetch(`${emulator.url}/revoke?token=x`).then(answer);
    expect(viaGet.status).toBe(404);
    expect(viaGet.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("serves the OpenID discovery document with its own endpoints (§1.10)", async () => {
    const response = await fetch(`${emulator.url}/.well-known/openid-configuration`).then(answer);
    expect(response.status).toBe(200);
    expectApiJson(response);
    const document = GoogleDiscoveryDocumentSchema.parse(response.json);
    expect(document).toMatchObject({
      authorization_endpoint: `${emulator.url}/o/oauth2/v2/auth`,
      token_endpoint: `${emulator.url}/token`,
      userinfo_endpoint: `${emulator.url}/v1/userinfo`,
      revocation_endpoint: `${emulator.url}/revoke`,
    });
    expect(document.code_challenge_methods_supported).toContain("S256");
    expect(document.response_types_supported).toContain("code");
    expect(document.id_token_signing_alg_values_supported).toContain("RS256");
    expect(document.grant_types_supported).toEqual(
      expect.arrayContaining(["authorization_code", "refresh_token"]),
    );
  });

  it("serves userinfo with the OpenID claims (§1.10)", async () => {
    const response = await api("/v1/userinfo", await accessTokenFor(ALEX));
    expect(response.status).toBe(200);
    expectApiJson(response);
    const me = GoogleUserInfoSchema.parse(response.json);
    expect(me).toMatchObject({ email: ALEX, email_verified: true });
    expect(me.sub).toMatch(/^\d{21}$/);
  });
});

describe("Admin API (§2)", () => {
  it("lists account summaries with Google's names and enums (§2.1)", async () => {
    const response = await api("/v1beta/accountSummaries?pageSize=200", await accessTokenFor(ALEX));
    expect(response.status).toBe(200);
    expectApiJson(response);
    const list = ListAccountSummariesResponseSchema.parse(response.json);
    expect(list.accountSummaries.length).toBeGreaterThan(1);
    expect(list.nextPageToken).toBeUndefined();
    expect(response.json).not.toHaveProperty("nextPageToken");
    expect(defaultsOmitted(response.json)).toEqual([]);
    for (const account of list.accountSummaries) {
      const id = account.account.replace(/^accounts\//, "");
      expect(account.name).toBe(`accountSummaries/${id}`);
      expect(account.account).toMatch(/^accounts\/\d+$/);
      for (const property of account.propertySummaries) {
        expect(property.property).toMatch(/^properties\/\d+$/);
        expect(GA4_PROPERTY_TYPES).toContain(property.propertyType);
        expect(property.parent).toBe(account.account);
      }
    }
  });

  it("pages account summaries with nextPageToken, absent on the last page (§2.1)", async () => {
    const token = await accessTokenFor(ALEX);
    const first = await api("/v1beta/accountSummaries?pageSize=1", token);
    const firstPage = ListAccountSummariesResponseSchema.parse(first.json);
    expect(firstPage.accountSummaries).toHaveLength(1);
    expect(firstPage.nextPageToken).toBeTruthy();
    const second = await api(
      `/v1beta/accountSummaries?pageSize=1&pageToken=${encodeURIComponent(firstPage.nextPageToken ?? "")}`,
      token,
    );
    const secondPage = ListAccountSummariesResponseSchema.parse(second.json);
    expect(secondPage.accountSummaries[0]?.account).not.toBe(
      firstPage.accountSummaries[0]?.account,
    );
  });

  it("answers {} for a user without accounts (§2.1)", async () => {
    const response = await api("/v1beta/accountSummaries", await accessTokenFor(NO_ACCOUNTS));
    expect(response.status).toBe(200);
    expect(response.json).toEqual({});
  });

  it("sends names as they were written, markup included, to their user only (§2.1)", async () => {
    const response = await api("/v1beta/accountSummaries", await accessTokenFor(HOSTILE));
    expect(response.status).toBe(200);
    const list = ListAccountSummariesResponseSchema.parse(response.json);
    expect(list.accountSummaries.map((account) => account.displayName)).toEqual([
      `${HOSTILE_TEXT.img} Agency`,
    ]);
    expect(list.accountSummaries[0]?.propertySummaries.map((p) => p.displayName)).toEqual([
      `${HOSTILE_TEXT.script}${HOSTILE_TEXT.svg} {{7*7}}{{campaign.name}}`,
    ]);
    const alex = ListAccountSummariesResponseSchema.parse(
      (await api("/v1beta/accountSummaries", await accessTokenFor(ALEX))).json,
    );
    expect(alex.accountSummaries.map((account) => account.displayName)).toEqual([
      "Northwind Outfitters",
      "Brightside Agency",
    ]);
  });

  it("reads a property (§2.2)", async () => {
    const id = await propertyIdOf("well-run-store");
    const response = await api(`/v1beta/properties/${id}`, await accessTokenFor(ALEX));
    expect(response.status).toBe(200);
    expectApiJson(response);
    const property = PropertySchema.parse(response.json);
    expect(property.name).toBe(`properties/${id}`);
    expect(GA4_PROPERTY_TYPES).toContain(property.propertyType);
    expect(["GOOGLE_ANALYTICS_STANDARD", "GOOGLE_ANALYTICS_360"]).toContain(property.serviceLevel);
    expect(Number.isNaN(Date.parse(property.createTime ?? ""))).toBe(false);
    expect(property.timeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+/);
    expect(property.currencyCode).toMatch(/^[A-Z]{3}$/);
    expect(
      unknownKeys(response.json, [
        "name",
        "propertyType",
        "createTime",
        "updateTime",
        "parent",
        "displayName",
        "industryCategory",
        "timeZone",
        "currencyCode",
        "serviceLevel",
        "deleteTime",
        "expireTime",
        "account",
      ]),
    ).toEqual([]);
    expect(defaultsOmitted(response.json)).toEqual([]);
  });

  it("lists data streams (§2.3)", async () => {
    const id = await propertyIdOf("well-run-store");
    const response = await api(`/v1beta/properties/${id}/dataStreams`, await accessTokenFor(ALEX));
    expect(response.status).toBe(200);
    expectApiJson(response);
    const list = ListDataStreamsResponseSchema.parse(response.json);
    expect(response.json).not.toHaveProperty("nextPageToken");
    expect(defaultsOmitted(response.json)).toEqual([]);
    for (const stream of list.dataStreams) {
      expect(stream.name).toMatch(new RegExp(`^properties/${id}/dataStreams/\\d+$`));
      expect(GA4_DATA_STREAM_TYPES).toContain(stream.type);
      expect(stream.webStreamData?.measurementId).toMatch(/^G-[A-Z0-9]+$/);
    }
  });
});

describe("Data API runReport (§3)", () => {
  const runReport = async (body: unknown, token?: string, profile = "well-run-store") =>
    api(
      `/v1beta/properties/${await propertyIdOf(profile)}:runReport`,
      token ?? (await accessTokenFor(ALEX)),
      body,
    );

  it("answers with Google's field names, string metric values, a number rowCount and kind (§3.3)", async () => {
    const response = await runReport({ ...TRAFFIC, limit: "50", returnPropertyQuota: true });
    expect(response.status).toBe(200);
    expectApiJson(response);
    const report = RunReportResponseSchema.parse(response.json);
    expect(
      unknownKeys(response.json, [
        "dimensionHeaders",
        "metricHeaders",
        "rows",
        "totals",
        "maximums",
        "minimums",
        "rowCount",
        "metadata",
        "propertyQuota",
        "kind",
      ]),
    ).toEqual([]);
    expect(report.kind).toBe(RUN_REPORT_KIND);
    expect(report.dimensionHeaders.map((h) => h.name)).toEqual([
      "date",
      "sessionSource",
      "sessionMedium",
    ]);
    expect(report.metricHeaders.map((h) => h.name)).toEqual(["sessions", "totalUsers"]);
    for (const header of report.metricHeaders) expect(GA4_METRIC_TYPES).toContain(header.type);
    expect(report.rows.length).toBe(50);
    expect(typeof (response.json as { rowCount: unknown }).rowCount).toBe("number");
    expect(report.rowCount).toBeGreaterThan(50);
    for (const row of report.rows) {
      expect(row.dimensionValues).toHaveLength(3);
      expect(row.metricValues).toHaveLength(2);
      for (const metric of row.metricValues) expect(metric.value).toMatch(/^\d+$/);
    }
    const quota = report.propertyQuota;
    expect(quota?.tokensPerHour?.remaining).toBeGreaterThan(0);
    expect(quota?.tokensPerDay?.remaining).toBeGreaterThan(0);
    expect(quota?.tokensPerHour?.consumed).toBeGreaterThan(0);
    expect(metadataOk(response.json)).toEqual([]);
    expect(defaultsOmitted(response.json)).toEqual([]);
  });

  it("accepts limit and offset as strings and as numbers (§0 int64)", async () => {
    const token = await accessTokenFor(ALEX);
    const asStrings = await runReport({ ...TRAFFIC, limit: "7", offset: "3" }, token);
    const asNumbers = await runReport({ ...TRAFFIC, limit: 7, offset: 3 }, token);
    expect(asStrings.status).toBe(200);
    expect(asNumbers.status).toBe(200);
    expect(RunReportResponseSchema.parse(asNumbers.json).rows).toEqual(
      RunReportResponseSchema.parse(asStrings.json).rows,
    );
    expect(RunReportResponseSchema.parse(asStrings.json).rows).toHaveLength(7);
  });

  it("pages with limit/offset; rowCount does not depend on them (§3.1)", async () => {
    const token = await accessTokenFor(ALEX);
    const all = RunReportResponseSchema.parse(
      (await runReport({ ...TRAFFIC, limit: "100000" }, token)).json,
    );
    const page = RunReportResponseSchema.parse(
      (await runReport({ ...TRAFFIC, limit: "10", offset: "10" }, token)).json,
    );
    expect(page.rowCount).toBe(all.rowCount);
    expect(page.rows).toEqual(all.rows.slice(10, 20));
  });

  it("leaves out propertyQuota unless asked for (§3.1)", async () => {
    const response = await runReport({ ...TRAFFIC, limit: "1" });
    expect(response.json).not.toHaveProperty("propertyQuota");
  });

  it("leaves zeros out of propertyQuota, and refuses reports once a quota is spent (§0, §3.8)", async () => {
    const token = await accessTokenFor(ALEX);
    // Nine server errors leave one of the standard property's ten an hour (§3.8).
    emulator.faults.failNext(9, 503, { path: ":runReport" });
    for (let i = 0; i < 9; i++) expect((await runReport(TRAFFIC, token)).status).toBe(503);
    const response = await runReport({ ...TRAFFIC, limit: "1", returnPropertyQuota: true }, token);
    expect(response.status).toBe(200);
    expect(response.json).toHaveProperty("propertyQuota.serverErrorsPerProjectPerHour", {
      remaining: 1,
    });
    expect(response.json).toHaveProperty("propertyQuota.concurrentRequests", { remaining: 10 });
    expect(defaultsOmitted(response.json)).toEqual([]);
    // "If any quota for a property is exhausted, all requests to that property will return
    // Resource Exhausted errors" (PropertyQuota): the tenth error spends the allowance.
    emulator.faults.failNext(1, 503, { path: ":runReport" });
    expect((await runReport(TRAFFIC, token)).status).toBe(503);
    const refused = await runReport(TRAFFIC, token);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: { code: 429, status: "RESOURCE_EXHAUSTED" } });
  });

  it("has no rows key for an empty report (§0)", async () => {
    const response = await runReport({
      ...TRAFFIC,
      dimensionFilter: {
        filter: {
          fieldName: "sessionSource",
          stringFilter: { matchType: "EXACT", value: "no-such-source-anywhere" },
        },
      },
    });
    expect(response.status).toBe(200);
    const report = RunReportResponseSchema.parse(response.json);
    expect(response.json).not.toHaveProperty("rows");
    expect(report.rowCount ?? 0).toBe(0);
    expect(report.kind).toBe(RUN_REPORT_KIND);
    expect(defaultsOmitted(response.json)).toEqual([]);
  });

  it("reports UTM values verbatim, markup and bidi controls included, to their user only", async () => {
    const byCampaign = {
      dimensions: [{ name: "sessionManualCampaignName" }, { name: "sessionManualAdContent" }],
      metrics: [{ name: "sessions" }],
      dateRanges: [{ startDate: "7daysAgo", endDate: "yesterday" }],
    };
    const response = await runReport(byCampaign, await accessTokenFor(HOSTILE), "hostile-text");
    expect(response.status).toBe(200);
    const values = RunReportResponseSchema.parse(response.json).rows.flatMap((row) =>
      row.dimensionValues.map((dimension) => dimension.value),
    );
    expect(values).toEqual(
      expect.arrayContaining([
        HOSTILE_TEXT.img,
        HOSTILE_TEXT.formula,
        HOSTILE_TEXT.template,
        `${HOSTILE_TEXT.script}${HOSTILE_TEXT.bidi}`,
      ]),
    );
    const alex = await runReport(byCampaign, await accessTokenFor(ALEX), "hostile-text");
    expect(alex.status).toBe(403);
  });

  it("writes dataLossFromOtherRow only when true (§3.9)", async () => {
    // A week of the huge publisher's landing pages passes its "(other)" row limit whatever the
    // day (three days did not on quiet weekends).
    const heavy = {
      dimensions: [{ name: "landingPagePlusQueryString" }, { name: "sessionSource" }],
      metrics: [{ name: "sessions" }],
      dateRanges: [{ startDate: "7daysAgo", endDate: "yesterday" }],
      limit: "1",
    };
    const token = await accessTokenFor(ALEX);
    const folded = await runReport(heavy, token, "huge-publisher");
    expect(folded.status).toBe(200);
    expect(folded.json).toHaveProperty("metadata.dataLossFromOtherRow", true);
    const whole = await runReport(heavy, token, "well-run-store");
    expect(whole.status).toBe(200);
    expect(whole.json).toHaveProperty("metadata");
    expect(whole.json).not.toHaveProperty("metadata.dataLossFromOtherRow");
    expect(metadataOk(folded.json)).toEqual([]);
    expect(metadataOk(whole.json)).toEqual([]);
  });
});

/** `metadata.dataLossFromOtherRow` is written only when true; `currencyCode`, `timeZone` are set. */
function metadataOk(json: unknown): string[] {
  const metadata = RunReportResponseSchema.parse(json).metadata;
  const problems: string[] = [];
  if (metadata && "dataLossFromOtherRow" in metadata && metadata.dataLossFromOtherRow !== true) {
    problems.push("dataLossFromOtherRow present but not true");
  }
  if (!metadata?.currencyCode) problems.push("no metadata.currencyCode");
  if (!metadata?.timeZone) problems.push("no metadata.timeZone");
  return problems;
}

describe("API errors (§0, §3.10)", () => {
  /** The envelope, with `error.code` equal to the HTTP status. */
  function envelope(response: Answer, status: number, googleStatus: string) {
    expect(response.status).toBe(status);
    expectApiJson(response);
    const parsed = GoogleApiErrorResponseSchema.parse(response.json);
    expect(parsed.error.code).toBe(status);
    expect(parsed.error.status).toBe(googleStatus);
    expect(parsed.error.message.length).toBeGreaterThan(0);
    expect(
      unknownKeys((response.json as { error: unknown }).error, [
        "code",
        "message",
        "status",
        "details",
      ]),
    ).toEqual([]);
    return parsed.error;
  }

  it("400 INVALID_ARGUMENT for an unknown dimension", async () => {
    const id = await propertyIdOf("well-run-store");
    const response = await api(`/v1beta/properties/${id}:runReport`, await accessTokenFor(ALEX), {
      ...TRAFFIC,
      dimensions: [{ name: "sessionSorce" }],
    });
    const error = envelope(response, 400, "INVALID_ARGUMENT");
    expect(error.message).toContain("sessionSorce");
  });

  it("401 UNAUTHENTICATED for an unknown or expired token", async () => {
    envelope(await api("/v1beta/accountSummaries", "ya29.not-a-token"), 401, "UNAUTHENTICATED");
    const token = await accessTokenFor(ALEX);
    emulator.faults.expireAccessTokens();
    envelope(await api("/v1beta/accountSummaries", token), 401, "UNAUTHENTICATED");
  });

  it("403 PERMISSION_DENIED with the property message for another user's property", async () => {
    const id = await propertyIdOf("well-run-store");
    const response = await api(
      `/v1beta/properties/${id}:runReport`,
      await accessTokenFor(PRIYA),
      TRAFFIC,
    );
    const error = envelope(response, 403, "PERMISSION_DENIED");
    expect(error.message).toMatch(/^User does not have sufficient permissions for this property\./);
  });

  it("403 with ErrorInfo ACCESS_TOKEN_SCOPE_INSUFFICIENT when analytics.readonly was unticked", async () => {
    const token = await accessTokenFor(ALEX, []);
    const error = envelope(await api("/v1beta/accountSummaries", token), 403, "PERMISSION_DENIED");
    expect(error.details).toEqual([
      expect.objectContaining({
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
        domain: "googleapis.com",
      }),
    ]);
  });

  it("429 RESOURCE_EXHAUSTED naming the spent token window", async () => {
    const id = await propertyIdOf("well-run-store");
    const token = await accessTokenFor(ALEX);
    emulator.faults.exhaustQuotaAfter(0, "day");
    const response = await api(`/v1beta/properties/${id}:runReport`, token, TRAFFIC);
    const error = envelope(response, 429, "RESOURCE_EXHAUSTED");
    expect(error.message).toMatch(/^Exhausted property tokens per day/);
  });

  it("5xx from failNext carry the envelope too", async () => {
    emulator.faults.failNext(1, 503);
    envelope(await api("/v1beta/accountSummaries", await accessTokenFor(ALEX)), 503, "UNAVAILABLE");
  });
});
