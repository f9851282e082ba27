import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startGoogleEmulator } from "./server.ts";
import { authorizationUrl, callApi, refreshAccess, signIn } from "./testing/oauth-flow.ts";

const START = new Date("2026-03-10T12:00:00Z");
const STORE = "312456789";
const REPORT = {
  dimensions: [{ name: "sessionSource" }],
  metrics: [{ name: "sessions" }],
  dateRanges: [{ startDate: "3daysAgo", endDate: "yesterday" }],
};

describe("FaultControl", () => {
  let clock = START;
  let emulator: RunningEmulator;
  let base: string;

  beforeAll(async () => {
    emulator = await startGoogleEmulator({ now: () => clock });
    base = emulator.url;
  });
  afterEach(() => {
    clock = START;
    emulator.faults.reset();
  });
  afterAll(() => emulator.close());

  const report = (token: string) =>
    callApi(base, `/v1beta/properties/${STORE}:runReport`, token, REPORT);

  it("expireAccessTokens: tokens issued so far answer 401; a refresh gives one that works", async () => {
    const { tokens } = await signIn(base, {});
    emulator.faults.expireAccessTokens();
    expect((await report(tokens.access_token)).status).toBe(401);
    const refreshed = await refreshAccess(base, tokens.refresh_token ?? "");
    expect(refreshed.status).toBe(200);
    expect((await report(String(refreshed.body.access_token))).status).toBe(200);
  });

  it("revokeGrants: only the named user's grants stop working", async () => {
    const alex = await signIn(base, { email: "alex.morgan@gmail.com" });
    const priya = await signIn(base, { email: "priya@brightside-agency.com" });
    emulator.faults.revokeGrants({ email: "alex.morgan@gmail.com" });
    expect((await callApi(base, "/v1beta/accountSummaries", alex.tokens.access_token)).status).toBe(
      401,
    );
    expect(await refreshAccess(base, alex.tokens.refresh_token ?? "")).toMatchObject({
      status: 400,
      body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
    });
    expect((await refreshAccess(base, priya.tokens.refresh_token ?? "")).status).toBe(200);

    // A new consent after the revocation gets working tokens, and a refresh token again.
    const again = await signIn(base, { email: "alex.morgan@gmail.com" });
    expect(again.tokens.refresh_token).toBeDefined();
    expect((await refreshAccess(base, again.tokens.refresh_token ?? "")).status).toBe(200);

    emulator.faults.revokeGrants();
    expect((await refreshAccess(base, priya.tokens.refresh_token ?? "")).status).toBe(400);
  });

  it("exhaustQuotaAfter: 429 after N report requests until the window rolls", async () => {
    const { tokens } = await signIn(base, { accessType: "online" });
    emulator.faults.exhaustQuotaAfter(2);
    expect((await report(tokens.access_token)).status).toBe(200);
    expect((await report(tokens.access_token)).status).toBe(200);
    const exhausted = await report(tokens.access_token);
    expect(exhausted.status).toBe(429);
    expect(exhausted.json).toMatchObject({
      error: { code: 429, status: "RESOURCE_EXHAUSTED" },
    });
    expect((exhausted.json.error as { message: string }).message).toMatch(
      /^Exhausted property tokens per hour\./,
    );
    expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(200);

    clock = new Date(START.getTime() + 30 * 60 * 1000);
    expect((await report(tokens.access_token)).status).toBe(429);
    clock = new Date(START.getTime() + 60 * 60 * 1000);
    const fresh = await signIn(base, {});
    expect((await report(fresh.tokens.access_token)).status).toBe(200);
  });

  it("exhaustQuotaAfter with the day window names the daily quota", async () => {
    const { tokens } = await signIn(base, {});
    emulator.faults.exhaustQuotaAfter(0, "day");
    const exhausted = await report(tokens.access_token);
    expect(exhausted.status).toBe(429);
    expect((exhausted.json.error as { message: string }).message).toMatch(
      /^Exhausted property tokens per day\./,
    );
  });

  it("setLatency delays every response", async () => {
    emulator.faults.setLatency(150);
    const started = performance.now();
    await fetch(`${base}/.well-known/openid-configuration`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    emulator.faults.setLatency(0);
  });

  it("failNext: the next N matching API requests fail with Google's envelope", async () => {
    const { tokens } = await signIn(base, {});
    emulator.faults.failNext(2, 503, { path: ":runReport" });
    expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(200);
    const failed = await report(tokens.access_token);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    expect(failed.json).toEqual({
      error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" },
    });
    expect((await report(tokens.access_token)).status).toBe(503);
    const recovered = await callApi(
      base,
      `/v1beta/properties/${STORE}:runReport`,
      tokens.access_token,
      {
        ...REPORT,
        returnPropertyQuota: true,
      },
    );
    expect(recovered.status).toBe(200);
    const quota = recovered.json.propertyQuota as Record<string, { remaining: number }>;
    expect(quota.serverErrorsPerProjectPerHour?.remaining).toBe(8);

    for (const [status, name] of [
      [500, "INTERNAL"],
      [429, "RESOURCE_EXHAUSTED"],
      [401, "UNAUTHENTICATED"],
      [403, "PERMISSION_DENIED"],
      [400, "INVALID_ARGUMENT"],
    ] as const) {
      emulator.faults.failNext(1, status);
      const response = await callApi(base, "/v1beta/accountSummaries", tokens.access_token);
      expect(response.status).toBe(status);
      expect(response.json).toMatchObject({ error: { code: status, status: name } });
    }
    expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(200);
  });

  it("garbleNext: the next N matching responses are 200 with a body cut in half", async () => {
    const { tokens } = await signIn(base, {});
    emulator.faults.garbleNext(1, { path: ":runReport" });
    expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(200);
    const response = await fetch(`${base}/v1beta/properties/${STORE}:runReport`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(REPORT),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text.startsWith("{")).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
    expect((await report(tokens.access_token)).status).toBe(200);
  });

  it("reset clears faults, consents and added users", async () => {
    const { tokens } = await signIn(base, {});
    emulator.world.addUser({ email: "new.person@example.com", name: "New Person" });
    emulator.faults.failNext(5, 500);
    emulator.faults.setLatency(1000);
    emulator.faults.reset();
    expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(200);
    expect(emulator.world.findUser("new.person@example.com")).toBeUndefined();
  });
});

describe("control endpoints", () => {
  it("are absent unless asked for", async () => {
    const emulator = await startGoogleEmulator();
    try {
      const response = await fetch(`${emulator.url}/__emulator/reset`, { method: "POST" });
      expect(response.status).toBe(404);
    } finally {
      await emulator.close();
    }
  });

  it("apply faults, add users and reset over HTTP", async () => {
    const emulator = await startGoogleEmulator({ control: true });
    const base = emulator.url;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    try {
      const added = await post("/__emulator/users", {
        email: "Jo.Park@example.com",
        name: "Jo Park",
        accountIds: ["204681357"],
      });
      expect(added.status).toBe(200);
      const user = (await added.json()) as { sub: string; email: string };
      expect(user).toMatchObject({
        email: "jo.park@example.com",
        givenName: "Jo",
        familyName: "Park",
      });
      expect(user.sub).toMatch(/^\d{21}$/);
      const page = await (await fetch(authorizationUrl(base, {}))).text();
      expect(page).toContain("jo.park@example.com");
      const { tokens } = await signIn(base, { email: "jo.park@example.com" });
      const summaries = await callApi(base, "/v1beta/accountSummaries", tokens.access_token);
      expect((summaries.json.accountSummaries as unknown[]).length).toBe(1);

      const fault = await post("/__emulator/faults", {
        fault: "failNext",
        count: 1,
        status: 500,
        path: "/accountSummaries",
      });
      expect(await fault.json()).toEqual({ applied: "failNext" });
      expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(
        500,
      );
      expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(
        200,
      );

      const bad = await post("/__emulator/faults", { fault: "meltdown" });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { status: string } }).error.status).toBe(
        "INVALID_ARGUMENT",
      );
      expect((await post("/__emulator/users", { email: "nope", name: "X" })).status).toBe(400);

      await post("/__emulator/faults", { fault: "expireAccessTokens" });
      expect((await callApi(base, "/v1beta/accountSummaries", tokens.access_token)).status).toBe(
        401,
      );

      expect((await post("/__emulator/reset", {})).status).toBe(200);
      expect(emulator.world.findUser("jo.park@example.com")).toBeUndefined();
    } finally {
      await emulator.close();
    }
  });
});
