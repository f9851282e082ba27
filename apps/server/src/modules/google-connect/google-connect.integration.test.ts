import type { RunningEmulator } from "@utmost/google-emulator";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dataSources, googleConnections, subscriptions } from "../../db/schema.ts";
import { consentDecision } from "../../integrations/google/testing.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, signUp } from "../../test/test-app.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import {
  authorize,
  type ConnectTestApp,
  callback,
  connectProperty,
  createConnectTestApp,
  emulatorProperty,
  firstWorkspace,
  initConsent,
  saveProperty,
} from "./google-connect.testing.ts";
import { newOAuthState, OAUTH_STATE_TTL_MS, sealOAuthState } from "./oauth-state.ts";

const READONLY = "https://www.googleapis.com/auth/analytics.readonly";
const ALEX = "alex.morgan@gmail.com";
const SAM = "sam.lee@gmail.com";

/**
 * The connect flow (spec §4, ADR 007) against the Google stand-in over HTTP: consent URL,
 * Google's page, the callback, the property picker and the save, as a browser would go.
 */
describe.each(testDatabaseKinds())("connecting Google Analytics on %s", (kind) => {
  let emulator: RunningEmulator;
  let app: ConnectTestApp;
  beforeAll(async () => {
    const { startGoogleEmulator } = await import("@utmost/google-emulator");
    emulator = await startGoogleEmulator();
    app = await createConnectTestApp(kind, { GOOGLE_EMULATOR_URL: emulator.url });
  });
  afterAll(async () => {
    await app?.close();
    await emulator?.close();
  });
  afterEach(() => {
    emulator.faults.reset();
  });

  const cipher = () => createAppTokenCipher(app.config);
  const wellRun = () => emulatorProperty(emulator, "well-run-store");
  const largeStore = () => emulatorProperty(emulator, "large-store");

  async function newUser() {
    const user = await signUp(app);
    return { ...user, workspaceId: await firstWorkspace(app, user.cookie) };
  }

  async function setLimit(userId: string, limit: number) {
    await app.database.db
      .update(subscriptions)
      .set({ dataSourceLimit: limit })
      .where(eq(subscriptions.userId, userId));
  }

  async function plan(userId: string) {
    const [row] = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    return row;
  }

  function getConnection(cookie: string, connectionId: string) {
    return app.server.inject({
      method: "GET",
      url: `/api/oauth/google/connections/${connectionId}`,
      headers: { cookie },
    });
  }

  function errorOf(location: string | undefined): string | null {
    const url = new URL(location ?? "", app.config.appUrl);
    expect(url.pathname).toBe("/connect-data-source");
    return url.searchParams.get("error");
  }

  it("goes from the consent URL to a saved property with its first audit running", async () => {
    const user = await newUser();
    const bodies: string[] = [];

    const init = await initConsent(app, user.cookie, { workspaceId: user.workspaceId });
    expect(init.statusCode).toBe(200);
    bodies.push(init.body);
    const consentUrl = new URL(init.json().oauthUrl);
    expect(consentUrl.origin + consentUrl.pathname).toBe(`${emulator.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(consentUrl.searchParams)).toMatchObject({
      client_id: "utmost-demo.apps.googleusercontent.com",
      redirect_uri: `${app.config.appUrl}/api/oauth/google/callback`,
      response_type: "code",
      scope: `openid email ${READONLY}`,
      access_type: "offline",
      prompt: "consent",
      code_challenge_method: "S256",
    });
    expect(consentUrl.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(consentUrl.searchParams.get("state")).toBeTruthy();

    const back = await callback(
      app,
      user.cookie,
      await consentDecision(init.json().oauthUrl, { email: ALEX }),
    );
    expect(back.statusCode).toBe(302);
    expect(back.headers["cache-control"]).toBe("no-store");
    const location = String(back.headers.location);
    bodies.push(location, back.body);
    expect(location).toMatch(/^\/connect-data-source\?connection=[0-9a-f-]{36}$/);
    const connectionId = new URL(location, app.config.appUrl).searchParams.get("connection") ?? "";

    const picker = await getConnection(user.cookie, connectionId);
    expect(picker.statusCode).toBe(200);
    bodies.push(picker.body);
    expect(picker.json().workspaceId).toBe(user.workspaceId);
    const accounts = picker.json().accounts as {
      displayName: string;
      propertySummaries: { property: string; displayName: string; propertyType: string }[];
    }[];
    expect(accounts.map((account) => account.displayName)).toEqual(
      expect.arrayContaining(["Northwind Outfitters", "Brightside Agency"]),
    );
    expect(accounts.flatMap((account) => account.propertySummaries)).toContainEqual({
      property: wellRun().property,
      displayName: wellRun().displayName,
      propertyType: "PROPERTY_TYPE_ORDINARY",
    });

    const saved = await saveProperty(app, user.cookie, {
      connectionId,
      property: wellRun().property,
    });
    expect(saved.statusCode).toBe(201);
    bodies.push(saved.body);
    const { dataSource, scan } = saved.json();
    expect(dataSource).toMatchObject({
      workspaceId: user.workspaceId,
      name: wellRun().displayName,
      type: "ga4",
      ga4PropertyId: wellRun().propertyId,
      ga4AccountName: "Northwind Outfitters",
      isActive: true,
      lastSyncedAt: null,
      chunkSizeDays: null,
    });
    expect(scan).toMatchObject({ dataSourceId: dataSource.id, scanType: "connect" });
    expect(dataSource.latestScan).toEqual(scan);
    expect(app.scans.calls.at(-1)).toEqual({
      dataSourceId: dataSource.id,
      scanType: "connect",
      requestedByUserId: user.userId,
    });
    expect((await plan(user.userId))?.dataSourcesUsed).toBe(1);

    // Stored sealed; the plain tokens never appeared in anything the browser received.
    const [row] = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.id, dataSource.id));
    expect(row?.accessTokenEncrypted).toMatch(/^v1\./);
    expect(row?.refreshTokenEncrypted).toMatch(/^v1\./);
    expect(row?.connectedByUserId).toBe(user.userId);
    expect(row?.tokenScopes?.split(" ")).toContain(READONLY);
    expect(row?.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    const accessToken = cipher().decrypt(row?.accessTokenEncrypted ?? "");
    const refreshToken = cipher().decrypt(row?.refreshTokenEncrypted ?? "");
    for (const body of bodies) {
      expect(body).not.toContain(accessToken);
      expect(body).not.toContain(refreshToken);
      expect(body).not.toContain("TokenEncrypted");
    }
    const [handle] = await app.database.db
      .select()
      .from(googleConnections)
      .where(eq(googleConnections.id, connectionId));
    expect(handle?.usedAt).toBeInstanceOf(Date);
    expect(handle?.accessTokenEncrypted).toMatch(/^v1\./);

    // A handle is good for one save.
    expect((await getConnection(user.cookie, connectionId)).statusCode).toBe(404);
    const again = await saveProperty(app, user.cookie, {
      connectionId,
      property: largeStore().property,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(
      "This Google authorization has expired. Please authorize again.",
    );
  });

  it("reconnects: new tokens, active again, back to the property table", async () => {
    const user = await newUser();
    const dataSourceId = await connectProperty(app, user.cookie, {
      workspaceId: user.workspaceId,
      property: wellRun().property,
    });
    await app.database.db
      .update(dataSources)
      .set({ isActive: false })
      .where(eq(dataSources.id, dataSourceId));
    const [before] = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.id, dataSourceId));

    const init = await initConsent(app, user.cookie, {
      workspaceId: user.workspaceId,
      dataSourceId,
    });
    const back = await callback(
      app,
      user.cookie,
      await consentDecision(init.json().oauthUrl, { email: ALEX }),
    );
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/data-sources?reconnected=${dataSourceId}`);
    const [after] = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.id, dataSourceId));
    expect(after?.isActive).toBe(true);
    expect(cipher().decrypt(after?.accessTokenEncrypted ?? "")).not.toBe(
      cipher().decrypt(before?.accessTokenEncrypted ?? ""),
    );
    expect(after?.tokenExpiresAt?.getTime()).toBeGreaterThanOrEqual(
      before?.tokenExpiresAt?.getTime() ?? 0,
    );
    // A reconnect makes no handle and no second property.
    const handles = await app.database.db
      .select()
      .from(googleConnections)
      .where(eq(googleConnections.userId, user.userId));
    expect(handles).toHaveLength(1);
    expect((await plan(user.userId))?.dataSourcesUsed).toBe(1);
  });

  it("keeps the old tokens when the reconnecting Google account cannot see the property", async () => {
    const user = await newUser();
    const dataSourceId = await connectProperty(app, user.cookie, {
      workspaceId: user.workspaceId,
      property: wellRun().property,
    });
    const [before] = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.id, dataSourceId));
    const init = await initConsent(app, user.cookie, {
      workspaceId: user.workspaceId,
      dataSourceId,
    });
    const back = await callback(
      app,
      user.cookie,
      await consentDecision(init.json().oauthUrl, { email: SAM }),
    );
    expect(errorOf(back.headers.location)).toBe(
      "This Google account cannot access the Analytics property",
    );
    const [after] = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.id, dataSourceId));
    expect(after?.accessTokenEncrypted).toBe(before?.accessTokenEncrypted);
  });

  it("sends a denial back to the connect page with the reason", async () => {
    const user = await newUser();
    const init = await initConsent(app, user.cookie, { workspaceId: user.workspaceId });
    const location = await consentDecision(init.json().oauthUrl, { decision: "deny" });
    expect(new URL(location).searchParams.get("error")).toBe("access_denied");
    const back = await callback(app, user.cookie, location);
    expect(back.statusCode).toBe(302);
    expect(errorOf(back.headers.location)).toBe("Google Analytics access was denied");
  });

  it("refuses a consent without Google Analytics read access", async () => {
    const user = await newUser();
    const init = await initConsent(app, user.cookie, { workspaceId: user.workspaceId });
    const location = await consentDecision(init.json().oauthUrl, { email: ALEX, scopes: [] });
    const back = await callback(app, user.cookie, location);
    expect(errorOf(back.headers.location)).toBe("Google Analytics access was not granted");
    const handles = await app.database.db
      .select()
      .from(googleConnections)
      .where(eq(googleConnections.userId, user.userId));
    expect(handles).toEqual([]);
  });

  it("takes each state once: a replayed callback is refused", async () => {
    const user = await newUser();
    const init = await initConsent(app, user.cookie, { workspaceId: user.workspaceId });
    const location = await consentDecision(init.json().oauthUrl, { email: ALEX });
    const first = await callback(app, user.cookie, location);
    expect(first.headers.location).toMatch(/connection=/);
    const replay = await callback(app, user.cookie, location);
    expect(errorOf(replay.headers.location)).toBe(
      "This authorization request was already used. Please try again.",
    );
    const handles = await app.database.db
      .select()
      .from(googleConnections)
      .where(eq(googleConnections.userId, user.userId));
    expect(handles).toHaveLength(1);
  });

  it("refuses a state that was altered, has expired, or belongs to someone else", async () => {
    const user = await newUser();
    const stranger = await newUser();
    const init = await initConsent(app, user.cookie, { workspaceId: user.workspaceId });
    const location = new URL(await consentDecision(init.json().oauthUrl, { email: ALEX }));
    const state = location.searchParams.get("state") ?? "";

    const tampered = new URL(location);
    tampered.searchParams.set(
      "state",
      `${state.slice(0, -2)}${state.endsWith("AA") ? "BB" : "AA"}`,
    );
    expect(errorOf((await callback(app, user.cookie, tampered.toString())).headers.location)).toBe(
      "Invalid authorization request. Please try again.",
    );
    const missing = new URL(location);
    missing.searchParams.delete("state");
    expect(errorOf((await callback(app, user.cookie, missing.toString())).headers.location)).toBe(
      "Invalid authorization request. Please try again.",
    );

    // Someone else's browser cannot finish this consent...
    const foreign = await callback(app, stranger.cookie, location.toString());
    expect(errorOf(foreign.headers.location)).toBe(
      "Invalid authorization request. Please try again.",
    );
    // ...and trying does not spend it for its owner.
    const own = await callback(app, user.cookie, location.toString());
    expect(own.headers.location).toMatch(/^\/connect-data-source\?connection=/);

    const stale = newOAuthState({
      userId: user.userId,
      workspaceId: user.workspaceId,
      codeVerifier: "v".repeat(64),
      now: new Date(Date.now() - OAUTH_STATE_TTL_MS - 1000),
    });
    const expired = new URL(location);
    expired.searchParams.set("state", sealOAuthState(cipher(), stale));
    expect(errorOf((await callback(app, user.cookie, expired.toString())).headers.location)).toBe(
      "The authorization request expired. Please try again.",
    );
  });

  it("refuses a connection handle that expired, was used, or is someone else's", async () => {
    const user = await newUser();
    const stranger = await newUser();
    const connectionId = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    const property = wellRun().property;

    expect((await getConnection(stranger.cookie, connectionId)).statusCode).toBe(404);
    expect((await saveProperty(app, stranger.cookie, { connectionId, property })).statusCode).toBe(
      404,
    );
    expect(
      (await getConnection(user.cookie, "00000000-0000-4000-8000-000000000000")).statusCode,
    ).toBe(404);

    await app.database.db
      .update(googleConnections)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(googleConnections.id, connectionId));
    const expired = await getConnection(user.cookie, connectionId);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toEqual({
      code: "NOT_FOUND",
      message: "This Google authorization has expired. Please authorize again.",
    });
    expect((await saveProperty(app, user.cookie, { connectionId, property })).statusCode).toBe(404);
    const saved = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.workspaceId, user.workspaceId));
    expect(saved).toEqual([]);
  });

  it("refuses a property the handle's Google account cannot see", async () => {
    const user = await newUser();
    const connectionId = await authorize(app, user.cookie, {
      workspaceId: user.workspaceId,
      email: SAM,
    });
    const picker = await getConnection(user.cookie, connectionId);
    expect(picker.json().accounts).toEqual([]);
    const saved = await saveProperty(app, user.cookie, {
      connectionId,
      property: wellRun().property,
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.message).toBe("Please select a GA4 property");
    const invalid = await saveProperty(app, user.cookie, { connectionId, property: "123" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe("Please select a GA4 property");
  });

  it("answers 409 for a property the workspace already has", async () => {
    const user = await newUser();
    await setLimit(user.userId, 5);
    await connectProperty(app, user.cookie, {
      workspaceId: user.workspaceId,
      property: wellRun().property,
    });
    const connectionId = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    const duplicate = await saveProperty(app, user.cookie, {
      connectionId,
      property: wellRun().property,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({
      code: "DATA_SOURCE_ALREADY_CONNECTED",
      message: "This Analytics property is already connected",
    });
    // The handle stays usable for another pick.
    const other = await saveProperty(app, user.cookie, {
      connectionId,
      property: largeStore().property,
    });
    expect(other.statusCode).toBe(201);
  });

  it("enforces the property limit on the server, at init and at save", async () => {
    const user = await newUser();
    const first = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    const second = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    expect(
      (await saveProperty(app, user.cookie, { connectionId: first, property: wellRun().property }))
        .statusCode,
    ).toBe(201);

    const over = await saveProperty(app, user.cookie, {
      connectionId: second,
      property: largeStore().property,
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toEqual({
      code: "DATA_SOURCE_LIMIT_REACHED",
      message: "Analytics property limit reached",
    });
    const init = await initConsent(app, user.cookie, { workspaceId: user.workspaceId });
    expect(init.statusCode).toBe(403);
    expect(init.json().error.code).toBe("DATA_SOURCE_LIMIT_REACHED");
    expect((await plan(user.userId))?.dataSourcesUsed).toBe(1);
  });

  it("refuses to start a connection in the owner's second workspace once their plan is full", async () => {
    const user = await newUser();
    const connectionId = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    const saved = await saveProperty(app, user.cookie, {
      connectionId,
      property: wellRun().property,
    });
    expect(saved.statusCode).toBe(201);
    const created = await app.server.inject({
      method: "POST",
      url: "/api/workspaces",
      headers: { cookie: user.cookie },
      payload: { name: "Second client" },
    });
    expect(created.statusCode).toBe(201);

    // The new workspace has no property, but the limit is the owner's: no trip to Google.
    const init = await initConsent(app, user.cookie, {
      workspaceId: created.json().workspace.id,
    });
    expect(init.statusCode).toBe(403);
    expect(init.json().error).toEqual({
      code: "DATA_SOURCE_LIMIT_REACHED",
      message: "Analytics property limit reached",
    });
  });

  it("lets exactly one of two simultaneous saves take the last slot", async () => {
    const user = await newUser();
    await setLimit(user.userId, 2);
    await connectProperty(app, user.cookie, {
      workspaceId: user.workspaceId,
      property: emulatorProperty(emulator, "agency-client").property,
    });
    const first = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    const second = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    const results = await Promise.all([
      saveProperty(app, user.cookie, { connectionId: first, property: wellRun().property }),
      saveProperty(app, user.cookie, { connectionId: second, property: largeStore().property }),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 403]);
    const rows = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.workspaceId, user.workspaceId));
    expect(rows).toHaveLength(2);
    expect((await plan(user.userId))?.dataSourcesUsed).toBe(2);
  });

  it("saves the property when its first audit cannot start (scan: null)", async () => {
    const user = await newUser();
    const connectionId = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    app.scans.failNext();
    const saved = await saveProperty(app, user.cookie, {
      connectionId,
      property: wellRun().property,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().scan).toBeNull();
    expect(saved.json().dataSource).toMatchObject({
      name: wellRun().displayName,
      latestScan: null,
    });
  });

  it("answers 502 when Google cannot list the properties", async () => {
    const user = await newUser();
    const connectionId = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    emulator.faults.failNext(3, 503, { path: "accountSummaries" });
    const picker = await getConnection(user.cookie, connectionId);
    expect(picker.statusCode).toBe(502);
    expect(picker.json().error).toEqual({
      code: "GOOGLE_REQUEST_FAILED",
      message: "Failed to load Google Analytics properties",
    });
    // Nothing was spent: once Google answers again the picker works.
    expect((await getConnection(user.cookie, connectionId)).statusCode).toBe(200);
  });

  it("refreshes an expired access token of the handle and keeps the new one", async () => {
    const user = await newUser();
    const connectionId = await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    const [before] = await app.database.db
      .select()
      .from(googleConnections)
      .where(eq(googleConnections.id, connectionId));
    emulator.faults.expireAccessTokens();
    expect((await getConnection(user.cookie, connectionId)).statusCode).toBe(200);
    const [after] = await app.database.db
      .select()
      .from(googleConnections)
      .where(eq(googleConnections.id, connectionId));
    expect(after?.accessTokenEncrypted).not.toBe(before?.accessTokenEncrypted);
  });

  it("checks the workspace and the property of a consent before sending anyone to Google", async () => {
    const user = await newUser();
    const stranger = await newUser();
    const noWorkspace = await initConsent(app, user.cookie, {
      dataSourceId: "00000000-0000-4000-8000-000000000000",
    });
    expect(noWorkspace.statusCode).toBe(400);
    expect(noWorkspace.json().error.message).toBe("No workspace selected");

    const theirs = await initConsent(app, user.cookie, { workspaceId: stranger.workspaceId });
    expect(theirs.statusCode).toBe(404);

    // A property of another of the user's workspaces is not this workspace's to reconnect.
    await setLimit(user.userId, 5);
    const dataSourceId = await connectProperty(app, user.cookie, {
      workspaceId: user.workspaceId,
      property: wellRun().property,
    });
    const team = await createWithOwner(app.database.db, {
      name: "Team",
      type: "team",
      ownerId: user.userId,
    });
    const elsewhere = await initConsent(app, user.cookie, {
      workspaceId: team.id,
      dataSourceId,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("connects into the user's first workspace when none is named, creating it", async () => {
    const user = await signUp(app);
    const connectionId = await authorize(app, user.cookie, {});
    const picker = await getConnection(user.cookie, connectionId);
    const [workspace] = await app.database.db.query.workspaces.findMany({
      where: (workspaces) => eq(workspaces.ownerId, user.userId),
    });
    expect(workspace?.type).toBe("personal");
    expect(picker.json().workspaceId).toBe(workspace?.id);
  });

  it("keeps a handle for 15 minutes (ADR 007)", async () => {
    const user = await newUser();
    await authorize(app, user.cookie, { workspaceId: user.workspaceId });
    const rows = await app.database.db
      .select()
      .from(googleConnections)
      .where(
        and(
          eq(googleConnections.userId, user.userId),
          eq(googleConnections.workspaceId, user.workspaceId),
        ),
      );
    expect(rows).toHaveLength(1);
    const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(14 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);
  });
});

describe("connecting Google Analytics when Google is not set up", () => {
  it("answers 503 GOOGLE_NOT_CONFIGURED", async () => {
    const app = await createTestApp("pglite", { DEMO_MODE: "false" });
    try {
      const user = await signUp(app);
      const workspaceId = await firstWorkspace(app, user.cookie);
      const init = await initConsent(app, user.cookie, { workspaceId });
      expect(init.statusCode).toBe(503);
      expect(init.json().error.code).toBe("GOOGLE_NOT_CONFIGURED");
      const save = await saveProperty(app, user.cookie, {
        connectionId: "00000000-0000-4000-8000-000000000000",
        property: "properties/1",
      });
      expect(save.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
