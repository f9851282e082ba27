import { DEMO_CLIENT, type RunningEmulator, startGoogleEmulator } from "@utmost/google-emulator";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGoogleAdminClient } from "./admin-client.ts";
import { createGoogleDataClient, type ReportPage, type ReportQuery } from "./data-client.ts";
import { emulatorEndpoints } from "./endpoints.ts";
import { createGoogleSession, type GoogleSessionOptions } from "./google-session.ts";
import {
  createGoogleOAuthClient,
  createOAuthState,
  createPkcePair,
  GOOGLE_OAUTH_SCOPES,
  type GoogleOAuthClient,
  type GoogleTokens,
  hasAnalyticsScope,
} from "./oauth-client.ts";
import type { RetryOptions } from "./retry.ts";
import { connectWithEmulator, consentDecision } from "./testing.ts";

/**
 * The production client against the Google stand-in over real HTTP: the same code, only the base
 * URLs differ. The stand-in's clock is the test's, so token expiry is exact.
 */

const START = new Date("2026-11-20T10:00:00Z");
const REDIRECT_URI = "http://127.0.0.1:3000/api/google/callback";
const READONLY = "https://www.googleapis.com/auth/analytics.readonly";
const OTHER_USER = "priya@brightside-agency.com";

let now = START;
const clock = () => now;
const noWait: RetryOptions = { sleep: async () => {}, random: () => 0 };

let emulator: RunningEmulator;
let oauth: GoogleOAuthClient;

beforeAll(async () => {
  emulator = await startGoogleEmulator({ now: clock });
  oauth = createGoogleOAuthClient({
    endpoints: emulatorEndpoints(emulator.url),
    ...DEMO_CLIENT,
    now: clock,
    retry: noWait,
  });
});

afterAll(async () => {
  await emulator?.close();
});

afterEach(() => {
  emulator.faults.reset();
  now = START;
});

function propertyId(profileKey: string): string {
  const property = emulator.world.accounts
    .flatMap((account) => account.properties)
    .find((candidate) => candidate.profile.key === profileKey);
  if (!property) throw new Error(`The stand-in has no ${profileKey} property`);
  return property.profile.propertyId;
}

function connect(email?: string, ticked?: readonly string[]): Promise<GoogleTokens> {
  return connectWithEmulator({
    oauth,
    redirectUri: REDIRECT_URI,
    scopes: GOOGLE_OAUTH_SCOPES,
    email,
    ticked,
  });
}

/** A grant's clients, as a scan builds them. */
function clientsFor(tokens: GoogleTokens, options: Partial<GoogleSessionOptions> = {}) {
  const refreshed: GoogleTokens[] = [];
  const session = createGoogleSession({
    oauth,
    tokens,
    now: clock,
    onTokensRefreshed: (fresh) => {
      refreshed.push(fresh);
    },
    ...options,
  });
  const endpoints = emulatorEndpoints(emulator.url);
  return {
    session,
    refreshed,
    admin: (pageSize?: number) =>
      createGoogleAdminClient({
        session,
        baseUrl: endpoints.adminApiBaseUrl,
        pageSize,
        retry: noWait,
        now: clock,
      }),
    data: (retry: RetryOptions = {}, timeoutMs?: number) =>
      createGoogleDataClient({
        session,
        baseUrl: endpoints.dataApiBaseUrl,
        retry: { ...noWait, ...retry },
        now: clock,
        timeoutMs,
      }),
  };
}

const TRAFFIC: ReportQuery = {
  dimensions: [{ name: "date" }, { name: "sessionSource" }, { name: "sessionMedium" }],
  metrics: [{ name: "sessions" }],
  dateRanges: [{ startDate: "14daysAgo", endDate: "yesterday" }],
};

async function collect(pages: AsyncIterable<ReportPage>): Promise<ReportPage[]> {
  const all: ReportPage[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

describe("OAuth against the stand-in", () => {
  it("goes from the consent URL to tokens with PKCE, offline access and the granted scopes", async () => {
    const pkce = createPkcePair();
    const state = createOAuthState();
    const url = oauth.authorizationUrl({
      redirectUri: REDIRECT_URI,
      scopes: GOOGLE_OAUTH_SCOPES,
      state,
      codeChallenge: pkce.challenge,
    });
    expect(url.startsWith(`${emulator.url}/o/oauth2/v2/auth?`)).toBe(true);
    const location = new URL(await consentDecision(url, { decision: "allow" }));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    const { code } = oauth.readAuthorizationResponse(location.searchParams, state);

    const tokens = await oauth.exchangeCode({
      code,
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
    });
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.idToken).toBeTruthy();
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(START.getTime() + 50 * 60_000);
    expect(tokens.scopes.has(READONLY)).toBe(true);
    expect(hasAnalyticsScope(tokens.scopes)).toBe(true);

    const me = await oauth.userInfo(tokens.accessToken);
    expect(me.email).toBe("alex.morgan@gmail.com");
    expect(me.sub).toMatch(/^\d{21}$/);
  });

  it("refuses a code exchange with the wrong verifier", async () => {
    const pkce = createPkcePair();
    const state = createOAuthState();
    const url = oauth.authorizationUrl({
      redirectUri: REDIRECT_URI,
      scopes: GOOGLE_OAUTH_SCOPES,
      state,
      codeChallenge: pkce.challenge,
    });
    const location = new URL(await consentDecision(url, { decision: "allow" }));
    const { code } = oauth.readAuthorizationResponse(location.searchParams, state);
    await expect(
      oauth.exchangeCode({
        code,
        redirectUri: REDIRECT_URI,
        codeVerifier: createPkcePair().verifier,
      }),
    ).rejects.toMatchObject({ code: "GOOGLE_AUTH_EXPIRED", googleStatus: "invalid_grant" });
  });

  it("reports a denial as GOOGLE_ACCESS_DENIED", async () => {
    const state = createOAuthState();
    const url = oauth.authorizationUrl({
      redirectUri: REDIRECT_URI,
      scopes: GOOGLE_OAUTH_SCOPES,
      state,
      codeChallenge: createPkcePair().challenge,
    });
    const location = new URL(await consentDecision(url, { decision: "deny" }));
    expect(() => oauth.readAuthorizationResponse(location.searchParams, state)).toThrow(
      expect.objectContaining({ code: "GOOGLE_ACCESS_DENIED" }),
    );
  });

  it("sees an unticked Analytics scope, and the APIs answer GOOGLE_SCOPE_INSUFFICIENT", async () => {
    const tokens = await connect(undefined, []);
    expect(hasAnalyticsScope(tokens.scopes)).toBe(false);
    await expect(clientsFor(tokens).admin().listAccountSummaries()).rejects.toMatchObject({
      code: "GOOGLE_SCOPE_INSUFFICIENT",
      reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
    });
  });

  it("revokes a grant: its refresh token then fails with GOOGLE_AUTH_EXPIRED", async () => {
    const tokens = await connect();
    await oauth.revoke(tokens.refreshToken ?? "");
    await expect(oauth.refresh(tokens.refreshToken ?? "")).rejects.toMatchObject({
      code: "GOOGLE_AUTH_EXPIRED",
    });
  });
});

describe("Admin API against the stand-in", () => {
  it("lists the user's accounts and properties", async () => {
    const accounts = await clientsFor(await connect())
      .admin()
      .listAccountSummaries();
    const properties = accounts.flatMap((account) => account.propertySummaries);
    expect(properties.map((p) => p.property)).toContain(
      `properties/${propertyId("well-run-store")}`,
    );
    expect(properties.map((p) => p.property)).toContain(
      `properties/${propertyId("agency-client")}`,
    );
  });

  it("follows page tokens when the accounts take more than one page", async () => {
    const { admin } = clientsFor(await connect());
    const all = await admin().listAccountSummaries();
    expect(all.length).toBeGreaterThan(1);
    const paged = admin(1);
    expect(await paged.listAccountSummaries()).toEqual(all);
    expect(paged.apiCalls).toBe(all.length);
  });

  it("reads a property and its web stream's host", async () => {
    const { admin } = clientsFor(await connect());
    const id = propertyId("well-run-store");
    const property = await admin().getProperty(id);
    expect(property.name).toBe(`properties/${id}`);
    expect(property.timeZone).toBeTruthy();
    expect(await admin().listWebStreamHosts(id)).toEqual(["www.northwind-outfitters.com"]);
  });

  it("answers GOOGLE_PERMISSION_DENIED for another user's property", async () => {
    const { admin, data } = clientsFor(await connect(OTHER_USER));
    const id = propertyId("well-run-store");
    await expect(admin().getProperty(id)).rejects.toMatchObject({
      code: "GOOGLE_PERMISSION_DENIED",
      status: 403,
    });
    await expect(data().runReport(id, TRAFFIC)).rejects.toMatchObject({
      code: "GOOGLE_PERMISSION_DENIED",
      status: 403,
    });
  });
});

describe("Data API against the stand-in", () => {
  it("pages through a report; the pages' rows add up to rowCount", async () => {
    const { data } = clientsFor(await connect());
    const client = data();
    const id = propertyId("well-run-store");
    const probe = await client.runReport(id, { ...TRAFFIC, limit: 1 });
    const rowCount = probe.rowCount ?? 0;
    expect(rowCount).toBeGreaterThan(20);

    const pageSize = Math.ceil(rowCount / 4);
    const pages = await collect(client.runReportPages(id, TRAFFIC, { pageSize }));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.map((page) => page.offset)).toEqual(pages.map((_, i) => i * pageSize));
    const rows = pages.flatMap((page) => page.rows);
    expect(rows).toHaveLength(rowCount);
    expect(new Set(rows.map((row) => row.dimensionValues.map((v) => v.value).join("|"))).size).toBe(
      rowCount,
    );
    for (const row of rows) expect(row.metricValues[0]?.value).toMatch(/^\d+$/);
    expect(pages.at(-1)?.propertyQuota?.tokensPerHour?.remaining).toBeGreaterThan(0);
    expect(client.quota(id)).toEqual(pages.at(-1)?.propertyQuota);
    expect(client.lowQuota(id)).toBe(false);
    expect(client.apiCalls).toBe(1 + pages.length);
  });

  it("stops with GOOGLE_QUOTA_EXHAUSTED after the pages it already yielded", async () => {
    const { data } = clientsFor(await connect());
    const client = data();
    const id = propertyId("well-run-store");
    const rowCount = (await client.runReport(id, { ...TRAFFIC, limit: 1 })).rowCount ?? 0;
    emulator.faults.exhaustQuotaAfter(2);

    const pages: ReportPage[] = [];
    const error = await (async () => {
      for await (const page of client.runReportPages(id, TRAFFIC, {
        pageSize: Math.ceil(rowCount / 5),
      })) {
        pages.push(page);
      }
    })().catch((e: unknown) => e);
    expect(pages).toHaveLength(2);
    expect(error).toMatchObject({
      code: "GOOGLE_QUOTA_EXHAUSTED",
      quotaWindow: "hour",
      status: 429,
    });
  });

  it("retries 503s and then succeeds", async () => {
    const { data } = clientsFor(await connect());
    const client = data();
    emulator.faults.failNext(2, 503, { path: ":runReport" });
    const response = await client.runReport(propertyId("well-run-store"), TRAFFIC);
    expect(response.rows.length).toBeGreaterThan(0);
    expect(client.apiCalls).toBe(3);
  });

  it("gives up with GOOGLE_UNAVAILABLE when 5xx outlast the retry budget", async () => {
    const { data } = clientsFor(await connect());
    const client = data({ maxAttempts: 3 });
    emulator.faults.failNext(5, 503, { path: ":runReport" });
    await expect(client.runReport(propertyId("well-run-store"), TRAFFIC)).rejects.toMatchObject({
      code: "GOOGLE_UNAVAILABLE",
      status: 503,
    });
    expect(client.apiCalls).toBe(3);
  });
});

describe("Google slow to answer", () => {
  afterEach(() => {
    emulator.faults.setLatency(0);
  });

  it("abandons a request that does not answer in time, retries a bounded number of times, then gives up", async () => {
    const { data } = clientsFor(await connect());
    emulator.faults.setLatency(1_000);
    const client = data({ maxAttempts: 3 }, 100);
    await expect(client.runReport(propertyId("well-run-store"), TRAFFIC)).rejects.toMatchObject({
      code: "GOOGLE_UNAVAILABLE",
      message: "Google did not answer in time",
    });
    expect(client.apiCalls).toBe(3);

    emulator.faults.setLatency(0);
    const response = await data({ maxAttempts: 3 }, 5_000).runReport(
      propertyId("well-run-store"),
      TRAFFIC,
    );
    expect(response.rows.length).toBeGreaterThan(0);
  });
});

describe("tokens over time", () => {
  it("refreshes before a call when the access token is about to expire", async () => {
    const tokens = await connect();
    const { admin, refreshed, session } = clientsFor(tokens);
    now = new Date(tokens.expiresAt.getTime() - 4 * 60_000);
    await admin().listAccountSummaries();
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]?.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed[0]?.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed[0]?.expiresAt.getTime()).toBeGreaterThan(now.getTime() + 50 * 60_000);
    expect(session.tokens.accessToken).toBe(refreshed[0]?.accessToken);
  });

  it("refreshes on a 401 after the stand-in expires every access token, and carries on", async () => {
    const tokens = await connect();
    const { data, refreshed } = clientsFor(tokens);
    emulator.faults.expireAccessTokens();
    const response = await data().runReport(propertyId("well-run-store"), TRAFFIC);
    expect(response.rows.length).toBeGreaterThan(0);
    expect(refreshed).toHaveLength(1);
  });

  it("answers GOOGLE_AUTH_EXPIRED once the user revokes the grant", async () => {
    const { admin } = clientsFor(await connect());
    emulator.faults.revokeGrants();
    await expect(admin().listAccountSummaries()).rejects.toMatchObject({
      code: "GOOGLE_AUTH_EXPIRED",
    });
  });

  it("answers GOOGLE_AUTH_EXPIRED on a property that removed the app's access", async () => {
    const { data, refreshed } = clientsFor(await connect());
    await expect(data().runReport(propertyId("revoked-client"), TRAFFIC)).rejects.toMatchObject({
      code: "GOOGLE_AUTH_EXPIRED",
    });
    expect(refreshed).toHaveLength(0);
  });
});
