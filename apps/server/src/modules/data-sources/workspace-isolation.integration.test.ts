import type { RunningEmulator } from "@utmost/google-emulator";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSources, googleConnections, utmIssues } from "../../db/schema.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { signUp } from "../../test/test-app.ts";
import {
  type ConnectTestApp,
  createConnectTestApp,
  firstWorkspace,
} from "../google-connect/google-connect.testing.ts";
import {
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";

/**
 * DESIGN.md, security: each route of properties, the connect flow and issues answers 404 to a
 * signed-in user who is not a member of the workspace that owns the object, and changes nothing.
 */
describe.each(testDatabaseKinds())("another workspace's objects on %s", (kind) => {
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

  it("are not found, on every route", async () => {
    const db = app.database.db;
    const owner = await signUp(app);
    const ownerWorkspace = await firstWorkspace(app, owner.cookie);
    const property = await insertDataSource(db, {
      workspaceId: ownerWorkspace,
      connectedByUserId: owner.userId,
    });
    const scan = await insertScan(db, { dataSourceId: property.id });
    const issue = await insertIssue(db, { dataSourceId: property.id });
    await insertOccurrence(db, { issueId: issue.id, scanId: scan.id });
    const cipher = createAppTokenCipher(app.config);
    const [connection] = await db
      .insert(googleConnections)
      .values({
        userId: owner.userId,
        workspaceId: ownerWorkspace,
        accessTokenEncrypted: cipher.encrypt("ya29.owner-access"),
        refreshTokenEncrypted: cipher.encrypt("1//owner-refresh"),
        tokenExpiresAt: new Date(Date.now() + 3_600_000),
        tokenScopes: "openid email https://www.googleapis.com/auth/analytics.readonly",
        expiresAt: new Date(Date.now() + 600_000),
      })
      .returning();

    const stranger = await signUp(app);
    const strangerWorkspace = await firstWorkspace(app, stranger.cookie);

    const attempts: { method: "GET" | "POST" | "DELETE"; url: string; payload?: object }[] = [
      { method: "GET", url: `/api/workspaces/${ownerWorkspace}/data-sources` },
      { method: "GET", url: `/api/data-sources/${property.id}` },
      { method: "DELETE", url: `/api/data-sources/${property.id}` },
      {
        method: "POST",
        url: "/api/oauth/google/init",
        payload: { workspaceId: ownerWorkspace },
      },
      {
        method: "POST",
        url: "/api/oauth/google/init",
        payload: { workspaceId: ownerWorkspace, dataSourceId: property.id },
      },
      {
        method: "POST",
        url: "/api/oauth/google/init",
        payload: { workspaceId: strangerWorkspace, dataSourceId: property.id },
      },
      { method: "GET", url: `/api/oauth/google/connections/${connection?.id}` },
      {
        method: "POST",
        url: "/api/data-sources",
        payload: { connectionId: connection?.id, property: "properties/312456789" },
      },
      { method: "GET", url: `/api/data-sources/${property.id}/issues` },
      { method: "POST", url: `/api/issues/${issue.id}/mute`, payload: { reason: "not mine" } },
      { method: "POST", url: `/api/issues/${issue.id}/resolve` },
      { method: "GET", url: `/api/issues/${issue.id}/export.csv` },
      { method: "GET", url: `/api/scans/${scan.id}/export.csv` },
    ];
    for (const attempt of attempts) {
      const response = await app.server.inject({
        method: attempt.method,
        url: attempt.url,
        headers: { cookie: stranger.cookie },
        ...(attempt.payload ? { payload: attempt.payload } : {}),
      });
      const label = `${attempt.method} ${attempt.url} ${JSON.stringify(attempt.payload ?? {})}`;
      expect({ label, status: response.statusCode }).toEqual({ label, status: 404 });
      expect(response.json().error.code).toBe("NOT_FOUND");
    }

    // Every route of these modules was tried (the callback refuses by redirect: see its tests).
    const tried = new Set(
      attempts.map((attempt) => `${attempt.method} ${routePattern(attempt.url)}`),
    );
    const registered = new Set(app.routes.map((route) => `${route.method} ${route.url}`));
    expect([...tried].sort()).toEqual([...OUR_ROUTES].sort());
    for (const route of OUR_ROUTES) expect(registered).toContain(route);

    const [stillThere] = await db.select().from(dataSources).where(eq(dataSources.id, property.id));
    expect(stillThere?.id).toBe(property.id);
    const [untouched] = await db.select().from(utmIssues).where(eq(utmIssues.id, issue.id));
    expect(untouched?.status).toBe("active");
    const [unspent] = await db
      .select()
      .from(googleConnections)
      .where(eq(googleConnections.id, connection?.id ?? ""));
    expect(unspent?.usedAt).toBeNull();
  });
});

/** The routes of properties, the connect flow, issues and exports that take an object's id. */
const OUR_ROUTES = [
  "GET /api/workspaces/:workspaceId/data-sources",
  "GET /api/data-sources/:dataSourceId",
  "DELETE /api/data-sources/:dataSourceId",
  "POST /api/oauth/google/init",
  "GET /api/oauth/google/connections/:connectionId",
  "POST /api/data-sources",
  "GET /api/data-sources/:dataSourceId/issues",
  "POST /api/issues/:issueId/mute",
  "POST /api/issues/:issueId/resolve",
  "GET /api/issues/:issueId/export.csv",
  "GET /api/scans/:scanId/export.csv",
];

/** A concrete URL back to its route pattern, for the ids used above. */
function routePattern(url: string): string {
  return url
    .replace(/\/api\/workspaces\/[^/]+/, "/api/workspaces/:workspaceId")
    .replace(/\/api\/data-sources\/[0-9a-f-]{36}/, "/api/data-sources/:dataSourceId")
    .replace(/\/connections\/[^/]+/, "/connections/:connectionId")
    .replace(/\/api\/issues\/[^/]+/, "/api/issues/:issueId")
    .replace(/\/api\/scans\/[^/]+/, "/api/scans/:scanId");
}
