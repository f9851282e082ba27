import { DEMO_CLIENT, type RunningEmulator } from "@utmost/google-emulator";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  auditScans,
  dataSources,
  issueOccurrences,
  subscriptions,
  users,
  utmIssues,
  workspaces,
} from "../../db/schema.ts";
import { createGoogleOAuthClient, emulatorEndpoints } from "../../integrations/google/index.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { signUp } from "../../test/test-app.ts";
import {
  type ConnectTestApp,
  connectProperty,
  createConnectTestApp,
  emulatorProperty,
  firstWorkspace,
} from "../google-connect/google-connect.testing.ts";
import {
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";

describe.each(testDatabaseKinds())("analytics properties on %s", (kind) => {
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

  const db = () => app.database.db;

  async function newUser() {
    const user = await signUp(app);
    return { ...user, workspaceId: await firstWorkspace(app, user.cookie) };
  }

  async function used(userId: string) {
    const [row] = await db()
      .select({ used: subscriptions.dataSourcesUsed })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    return row?.used;
  }

  const request = (method: "GET" | "DELETE", url: string, cookie: string) =>
    app.server.inject({ method, url, headers: { cookie } });

  it("lists a workspace's properties newest first, each with its latest scan", async () => {
    const user = await newUser();
    const older = await insertDataSource(db(), { workspaceId: user.workspaceId, name: "Older" });
    const newer = await insertDataSource(db(), {
      workspaceId: user.workspaceId,
      name: "Newer",
      createdAt: new Date(Date.now() + 1000),
    });
    await insertScan(db(), {
      dataSourceId: older.id,
      createdAt: new Date(Date.now() - 60_000),
      healthScore: 40,
    });
    const latest = await insertScan(db(), { dataSourceId: older.id, healthScore: 91 });

    const list = await request(
      "GET",
      `/api/workspaces/${user.workspaceId}/data-sources`,
      user.cookie,
    );
    expect(list.statusCode).toBe(200);
    const listed = list.json().dataSources;
    expect(listed.map((item: { name: string }) => item.name)).toEqual(["Newer", "Older"]);
    expect(listed[0].latestScan).toBeNull();
    expect(listed[1].latestScan).toMatchObject({ id: latest.id, healthScore: 91 });
    expect(Object.keys(listed[1])).not.toContain("accessTokenEncrypted");

    const one = await request("GET", `/api/data-sources/${newer.id}`, user.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json().dataSource).toMatchObject({
      id: newer.id,
      workspaceId: user.workspaceId,
      name: "Newer",
      type: "ga4",
      isActive: true,
      latestScan: null,
    });
  });

  it("deletes a property with its scans, issues and their history (204)", async () => {
    const user = await newUser();
    const property = await insertDataSource(db(), { workspaceId: user.workspaceId });
    const scan = await insertScan(db(), { dataSourceId: property.id });
    const issue = await insertIssue(db(), { dataSourceId: property.id, lastScanId: scan.id });
    await insertOccurrence(db(), { issueId: issue.id, scanId: scan.id });
    expect(await used(user.userId)).toBe(1);

    const deleted = await request("DELETE", `/api/data-sources/${property.id}`, user.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect(await db().select().from(dataSources).where(eq(dataSources.id, property.id))).toEqual(
      [],
    );
    expect(
      await db().select().from(auditScans).where(eq(auditScans.dataSourceId, property.id)),
    ).toEqual([]);
    expect(await db().select().from(utmIssues).where(eq(utmIssues.id, issue.id))).toEqual([]);
    expect(
      await db().select().from(issueOccurrences).where(eq(issueOccurrences.issueId, issue.id)),
    ).toEqual([]);
    expect(await used(user.userId)).toBe(0);
    expect((await request("GET", `/api/data-sources/${property.id}`, user.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (await request("DELETE", `/api/data-sources/${property.id}`, user.cookie)).statusCode,
    ).toBe(404);
  });

  it("revokes the Google grant of a deleted property unless another property uses it", async () => {
    const user = await newUser();
    await db()
      .update(subscriptions)
      .set({ dataSourceLimit: 5 })
      .where(eq(subscriptions.userId, user.userId));
    const first = await connectProperty(app, user.cookie, {
      workspaceId: user.workspaceId,
      property: emulatorProperty(emulator, "well-run-store").property,
    });
    const second = await connectProperty(app, user.cookie, {
      workspaceId: user.workspaceId,
      property: emulatorProperty(emulator, "large-store").property,
    });
    const cipher = createAppTokenCipher(app.config);
    const refreshTokenOf = async (id: string) => {
      const [row] = await db().select().from(dataSources).where(eq(dataSources.id, id));
      return cipher.decrypt(row?.refreshTokenEncrypted ?? "");
    };
    const oauth = createGoogleOAuthClient({
      endpoints: emulatorEndpoints(emulator.url),
      ...DEMO_CLIENT,
      retry: { maxAttempts: 1 },
    });
    const secondToken = await refreshTokenOf(second);

    // Both properties came through the same Google account: the grant must outlive the first.
    expect((await request("DELETE", `/api/data-sources/${first}`, user.cookie)).statusCode).toBe(
      204,
    );
    await expect(oauth.refresh(secondToken)).resolves.toMatchObject({
      accessToken: expect.any(String),
    });

    expect((await request("DELETE", `/api/data-sources/${second}`, user.cookie)).statusCode).toBe(
      204,
    );
    await expect(oauth.refresh(secondToken)).rejects.toMatchObject({ code: "GOOGLE_AUTH_EXPIRED" });
  });

  it("deletes even when the grant cannot be revoked", async () => {
    const user = await newUser();
    const cipher = createAppTokenCipher(app.config);
    const unreadable = await insertDataSource(db(), {
      workspaceId: user.workspaceId,
      connectedByUserId: user.userId,
      refreshTokenEncrypted: "v1.unknown.key.that-cannot.open",
    });
    expect(
      (await request("DELETE", `/api/data-sources/${unreadable.id}`, user.cookie)).statusCode,
    ).toBe(204);
    const refused = await insertDataSource(db(), {
      workspaceId: user.workspaceId,
      connectedByUserId: user.userId,
      refreshTokenEncrypted: cipher.encrypt("1//not-a-token-google-knows"),
    });
    expect(
      (await request("DELETE", `/api/data-sources/${refused.id}`, user.cookie)).statusCode,
    ).toBe(204);
    expect(await used(user.userId)).toBe(0);
  });

  it("answers 404 to a member of another workspace", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const property = await insertDataSource(db(), { workspaceId: owner.workspaceId });
    for (const [method, url] of [
      ["GET", `/api/workspaces/${owner.workspaceId}/data-sources`],
      ["GET", `/api/data-sources/${property.id}`],
      ["DELETE", `/api/data-sources/${property.id}`],
    ] as const) {
      const response = await request(method, url, stranger.cookie);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
    expect(
      await db().select().from(dataSources).where(eq(dataSources.id, property.id)),
    ).toHaveLength(1);
  });
});

/**
 * Migration 0003: subscriptions.data_sources_used always equals the properties in the
 * workspaces the user owns, whatever changes them. Google is configured here but nothing
 * answers at its address.
 */
describe.each(testDatabaseKinds())("data_sources_used on %s", (kind) => {
  let app: ConnectTestApp;
  beforeAll(async () => {
    app = await createConnectTestApp(kind, { GOOGLE_EMULATOR_URL: "http://127.0.0.1:9" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  async function used(userId: string) {
    const [row] = await db()
      .select({ used: subscriptions.dataSourcesUsed })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    return row?.used;
  }

  it("follows inserts and deletes in every workspace the user owns", async () => {
    const owner = await signUp(app);
    const personal = await createWithOwner(db(), {
      name: "Mine",
      type: "personal",
      ownerId: owner.userId,
    });
    const team = await createWithOwner(db(), { name: "Team", type: "team", ownerId: owner.userId });
    const a = await insertDataSource(db(), { workspaceId: personal.id });
    await insertDataSource(db(), { workspaceId: team.id });
    await insertDataSource(db(), { workspaceId: team.id });
    expect(await used(owner.userId)).toBe(3);
    await db().delete(dataSources).where(eq(dataSources.id, a.id));
    expect(await used(owner.userId)).toBe(2);
  });

  it("moves with a property to another owner's workspace and with a workspace's owner", async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const alicesWorkspace = await createWithOwner(db(), {
      name: "Alice",
      type: "team",
      ownerId: alice.userId,
    });
    const bobsWorkspace = await createWithOwner(db(), {
      name: "Bob",
      type: "team",
      ownerId: bob.userId,
    });
    const property = await insertDataSource(db(), { workspaceId: alicesWorkspace.id });
    await insertDataSource(db(), { workspaceId: alicesWorkspace.id });
    expect([await used(alice.userId), await used(bob.userId)]).toEqual([2, 0]);

    await db()
      .update(dataSources)
      .set({ workspaceId: bobsWorkspace.id })
      .where(eq(dataSources.id, property.id));
    expect([await used(alice.userId), await used(bob.userId)]).toEqual([1, 1]);

    await db()
      .update(workspaces)
      .set({ ownerId: bob.userId })
      .where(eq(workspaces.id, alicesWorkspace.id));
    expect([await used(alice.userId), await used(bob.userId)]).toEqual([0, 2]);

    await db().delete(workspaces).where(eq(workspaces.id, alicesWorkspace.id));
    expect([await used(alice.userId), await used(bob.userId)]).toEqual([0, 1]);
  });

  it("still deletes a property when Google cannot be reached to revoke its grant", async () => {
    const owner = await signUp(app);
    const workspace = await createWithOwner(db(), {
      name: "Offline",
      type: "personal",
      ownerId: owner.userId,
    });
    const property = await insertDataSource(db(), {
      workspaceId: workspace.id,
      connectedByUserId: owner.userId,
      refreshTokenEncrypted: createAppTokenCipher(app.config).encrypt("1//a-refresh-token"),
    });
    const deleted = await app.server.inject({
      method: "DELETE",
      url: `/api/data-sources/${property.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await used(owner.userId)).toBe(0);
  });

  it("lets a user with properties be deleted", async () => {
    const owner = await signUp(app);
    const workspace = await createWithOwner(db(), {
      name: "Gone",
      type: "personal",
      ownerId: owner.userId,
    });
    await insertDataSource(db(), { workspaceId: workspace.id });
    await db().delete(users).where(eq(users.id, owner.userId));
    expect(await db().select().from(workspaces).where(eq(workspaces.id, workspace.id))).toEqual([]);
    const [{ count } = { count: -1 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(eq(subscriptions.userId, owner.userId));
    expect(count).toBe(0);
  });
});
