import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { auditScans, dataSources, subscriptions, userRoles } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";
import { insertDataSource, insertIssue, insertScan } from "../issues/issues.testing.ts";
import { insertTeam, insertUser } from "../workspaces/workspaces.testing.ts";
import { grantAdminEmails, setAdminByEmail, startOfUtcDay } from "./admin.service.ts";

const ADMIN_EMAIL = "console-admin@example.com";
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const ADMIN_ROUTES = [
  "GET /api/admin/recent-scans",
  "GET /api/admin/stats",
  "GET /api/admin/users",
  "GET /api/admin/workspaces",
  "PATCH /api/admin/users/:userId/subscription",
];

async function subscriptionOf(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** Spec §2 /admin, §5 "Admin edit", §6 "System admin", §7 and §9 (issue 8). */
describe.each(testDatabaseKinds())("the admin console API on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let regular: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    app = await createTestApp(kind, { ADMIN_EMAILS: `someone-else@example.com, ${ADMIN_EMAIL}` });
    // Signed up with an address in ADMIN_EMAILS, in another case: granted at sign-up.
    admin = await signUp(app, newUser({ fullName: "Ada Admin", email: ADMIN_EMAIL.toUpperCase() }));
    regular = await signUp(app, newUser({ fullName: "Rita Regular" }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const request = (
    method: "GET" | "PATCH",
    url: string,
    cookie: string | undefined,
    payload?: object,
  ) =>
    app.server.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  it("makes a user signing up with an ADMIN_EMAILS address an admin, and no one else", async () => {
    const me = await request("GET", "/api/me", admin.cookie);
    expect(me.json()).toMatchObject({ isAdmin: true, user: { email: ADMIN_EMAIL } });
    const other = await request("GET", "/api/me", regular.cookie);
    expect(other.json().isAdmin).toBe(false);
  });

  it("refuses every admin route signed out (401) and to a signed-in non-admin (403)", async () => {
    const registered = app.routes
      .filter((route) => route.url.startsWith("/api/admin") && route.method !== "HEAD")
      .map((route) => `${route.method} ${route.url}`);
    expect([...new Set(registered)].sort()).toEqual(ADMIN_ROUTES);

    for (const route of ADMIN_ROUTES) {
      const [method, pattern] = route.split(" ") as ["GET" | "PATCH", string];
      const url = pattern.replace(":userId", regular.userId);
      const payload = method === "PATCH" ? { tier: "agency", dataSourceLimit: 25 } : undefined;

      const signedOut = await request(method, url, undefined, payload);
      expect({ route, status: signedOut.statusCode }).toEqual({ route, status: 401 });
      expect(signedOut.json().error.code).toBe("UNAUTHENTICATED");

      const forbidden = await request(method, url, regular.cookie, payload);
      expect({ route, status: forbidden.statusCode }).toEqual({ route, status: 403 });
      expect(forbidden.json().error).toEqual({
        code: "FORBIDDEN",
        message: "Administrators only",
      });
    }
  });

  it("refuses a non-admin's edit before validating it, and changes nothing", async () => {
    const before = await subscriptionOf(app.database.db, regular.userId);
    for (const payload of [
      { tier: "agency", dataSourceLimit: 25 },
      { tier: "gold", dataSourceLimit: 0 },
    ]) {
      const response = await request(
        "PATCH",
        `/api/admin/users/${regular.userId}/subscription`,
        regular.cookie,
        payload,
      );
      expect(response.statusCode).toBe(403);
    }
    expect(await subscriptionOf(app.database.db, regular.userId)).toEqual(before);
    expect(
      await app.database.db.select().from(userRoles).where(eq(userRoles.userId, regular.userId)),
    ).toEqual([]);
  });

  it("lists every user with roles and subscription, newest first", async () => {
    const response = await request("GET", "/api/admin/users", admin.cookie);
    expect(response.statusCode).toBe(200);
    const users: { id: string }[] = response.json().users;
    const adminRow = users.find((user) => user.id === admin.userId);
    const regularRow = users.find((user) => user.id === regular.userId);
    expect(adminRow).toEqual({
      id: admin.userId,
      fullName: "Ada Admin",
      email: ADMIN_EMAIL,
      createdAt: expect.any(String),
      roles: ["admin"],
      subscription: { tier: "free", status: "active", dataSourceLimit: 1, dataSourcesUsed: 0 },
      billing: { source: "free" },
    });
    expect(regularRow).toMatchObject({ fullName: "Rita Regular", roles: [] });
    // Rita signed up after Ada.
    expect(users.indexOf(regularRow as { id: string })).toBeLessThan(
      users.indexOf(adminRow as { id: string }),
    );
  });

  it("validates the edit (spec §5) and answers 404 for an unknown user", async () => {
    const target = await insertUser(app.database.db);
    const before = await subscriptionOf(app.database.db, target.id);
    const cases: [object, string, string][] = [
      [{ tier: "pro", dataSourceLimit: 0 }, "dataSourceLimit", "Property limit must be at least 1"],
      [{ tier: "pro", dataSourceLimit: "x" }, "dataSourceLimit", "Property limit must be a number"],
      [
        { tier: "pro", dataSourceLimit: 1.5 },
        "dataSourceLimit",
        "Property limit must be a whole number",
      ],
      [{ tier: "gold", dataSourceLimit: 3 }, "tier", expect.any(String)],
      [{ dataSourceLimit: 3 }, "tier", expect.any(String)],
    ];
    for (const [payload, path, message] of cases) {
      const response = await request(
        "PATCH",
        `/api/admin/users/${target.id}/subscription`,
        admin.cookie,
        payload,
      );
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        issues: [{ path, message }],
      });
    }
    expect(await subscriptionOf(app.database.db, target.id)).toEqual(before);

    const unknown = await request(
      "PATCH",
      "/api/admin/users/no-such-user/subscription",
      admin.cookie,
      { tier: "pro", dataSourceLimit: 1 },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: "NOT_FOUND", message: "User not found" });
  });

  it("applies a valid edit and returns the user as listed", async () => {
    const target = await insertUser(app.database.db, { fullName: "Tess Target" });
    const before = Date.now();
    const response = await request(
      "PATCH",
      `/api/admin/users/${target.id}/subscription`,
      admin.cookie,
      { tier: "advanced", dataSourceLimit: 5 },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual({
      id: target.id,
      fullName: "Tess Target",
      email: target.email,
      createdAt: target.createdAt.toISOString(),
      roles: [],
      subscription: { tier: "advanced", status: "active", dataSourceLimit: 5, dataSourcesUsed: 0 },
      // No Dodo subscription: the plan is the administrator's gift (issue 23).
      billing: { source: "complimentary", since: expect.any(String) },
    });
    const stored = await subscriptionOf(app.database.db, target.id);
    expect(stored).toMatchObject({ tier: "advanced", dataSourceLimit: 5 });
    expect(stored?.complimentarySince?.toISOString()).toBe(response.json().user.billing.since);
    expect(stored?.complimentarySince?.getTime()).toBeGreaterThanOrEqual(before);
    expect(stored?.complimentarySince?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("creates the subscription of a user who has none", async () => {
    const target = await insertUser(app.database.db);
    await app.database.db.delete(subscriptions).where(eq(subscriptions.userId, target.id));
    const listed = await request("GET", "/api/admin/users", admin.cookie);
    expect(
      listed.json().users.find((user: { id: string }) => user.id === target.id).subscription,
    ).toBeNull();

    const response = await request(
      "PATCH",
      `/api/admin/users/${target.id}/subscription`,
      admin.cookie,
      { tier: "pro", dataSourceLimit: 2 },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.subscription).toEqual({
      tier: "pro",
      status: "active",
      dataSourceLimit: 2,
      dataSourcesUsed: 0,
    });
  });

  it("suspends the newest properties over a lowered limit and restores them when raised", async () => {
    const db = app.database.db;
    const owner = await insertUser(db);
    const workspace = await insertTeam(db, owner.id);
    const base = Date.now() - 3 * DAY_MS;
    for (const [index, name] of ["Oldest", "Middle", "Newest"].entries()) {
      await insertDataSource(db, {
        workspaceId: workspace.id,
        name,
        createdAt: new Date(base + index * HOUR_MS),
      });
    }
    const edit = (dataSourceLimit: number) =>
      request("PATCH", `/api/admin/users/${owner.id}/subscription`, admin.cookie, {
        tier: "advanced",
        dataSourceLimit,
      });
    const activeByName = async () => {
      const rows = await db
        .select({ name: dataSources.name, isActive: dataSources.isActive })
        .from(dataSources)
        .where(eq(dataSources.workspaceId, workspace.id));
      return Object.fromEntries(rows.map((row) => [row.name, row.isActive]));
    };

    const lowered = await edit(1);
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().user.subscription).toMatchObject({
      dataSourceLimit: 1,
      dataSourcesUsed: 3,
    });
    expect(await activeByName()).toEqual({ Oldest: true, Middle: false, Newest: false });

    expect((await edit(2)).statusCode).toBe(200);
    expect(await activeByName()).toEqual({ Oldest: true, Middle: true, Newest: false });

    expect((await edit(5)).statusCode).toBe(200);
    expect(await activeByName()).toEqual({ Oldest: true, Middle: true, Newest: true });
  });

  it("lists every workspace with its owner, members by role and properties", async () => {
    const db = app.database.db;
    const owner = await insertUser(db, { fullName: "Olga Owner" });
    const helper = await insertUser(db, { fullName: "Hal Helper" });
    const member = await insertUser(db, { fullName: "Mo Member" });
    const workspace = await insertTeam(db, owner.id, [
      { userId: member.id, role: "member" },
      { userId: helper.id, role: "admin" },
    ]);
    const property = await insertDataSource(db, {
      workspaceId: workspace.id,
      name: "Olga's Store",
      ga4PropertyId: "987654321",
    });

    const response = await request("GET", "/api/admin/workspaces", admin.cookie);
    expect(response.statusCode).toBe(200);
    const listed = response
      .json()
      .workspaces.find((candidate: { id: string }) => candidate.id === workspace.id);
    expect(listed).toEqual({
      id: workspace.id,
      name: workspace.name,
      type: "team",
      createdAt: workspace.createdAt.toISOString(),
      owner: { id: owner.id, fullName: "Olga Owner", email: owner.email },
      members: [
        { userId: owner.id, fullName: "Olga Owner", email: owner.email, role: "owner" },
        { userId: helper.id, fullName: "Hal Helper", email: helper.email, role: "admin" },
        { userId: member.id, fullName: "Mo Member", email: member.email, role: "member" },
      ],
      dataSources: [
        { id: property.id, name: "Olga's Store", ga4PropertyId: "987654321", isActive: true },
      ],
    });
  });

  it("grants ADMIN_EMAILS to existing users, and by email from the command", async () => {
    const db = app.database.db;
    const existing = await insertUser(db, { email: `Later-Admin-${Date.now()}@Example.com` });
    const isAdmin = async (userId: string) =>
      (await db.select().from(userRoles).where(eq(userRoles.userId, userId))).length > 0;

    expect(
      await grantAdminEmails(db, [existing.email.toLowerCase(), "nobody@example.com"]),
    ).toEqual([existing.email]);
    expect(await isAdmin(existing.id)).toBe(true);
    // Again: nothing new.
    expect(await grantAdminEmails(db, [existing.email.toLowerCase()])).toEqual([]);

    const other = await insertUser(db);
    expect(await setAdminByEmail(db, other.email.toUpperCase(), "grant")).toEqual({
      kind: "granted",
      email: other.email,
    });
    expect(await isAdmin(other.id)).toBe(true);
    expect((await setAdminByEmail(db, other.email, "grant")).kind).toBe("already-admin");
    expect((await setAdminByEmail(db, other.email, "revoke")).kind).toBe("revoked");
    expect(await isAdmin(other.id)).toBe(false);
    expect((await setAdminByEmail(db, other.email, "revoke")).kind).toBe("not-admin");
    expect(await setAdminByEmail(db, "ghost@example.com", "grant")).toEqual({
      kind: "unknown-email",
      email: "ghost@example.com",
    });
  });
});

/** The console's figures, exact, on a database holding only what this test put there. */
describe.each(testDatabaseKinds())("the admin stats on %s", (kind) => {
  let app: TestApp;
  let adminCookie: string;
  let now: number;
  const workspaceNames = { first: "", second: "" };

  beforeAll(async () => {
    app = await createTestApp(kind, { ADMIN_EMAILS: ADMIN_EMAIL });
    const db = app.database.db;
    adminCookie = (await signUp(app, newUser({ email: ADMIN_EMAIL }))).cookie;

    // Users: the admin (free) and three more: pro, Team, Team.
    const tiers = ["pro", "advanced", "advanced"] as const;
    const others = [];
    for (const tier of tiers) {
      const user = await insertUser(db);
      await db.update(subscriptions).set({ tier }).where(eq(subscriptions.userId, user.id));
      others.push(user);
    }
    const [alpha, beta] = others;
    if (!alpha || !beta) throw new Error("users missing");
    const first = await insertTeam(db, alpha.id);
    const second = await insertTeam(db, beta.id);
    const store = await insertDataSource(db, { workspaceId: first.id, name: "Alpha Store" });
    const blog = await insertDataSource(db, { workspaceId: second.id, name: "Beta Blog" });
    workspaceNames.first = first.name;
    workspaceNames.second = second.name;

    now = Date.now();
    const yesterday = startOfUtcDay(new Date(now)).getTime() - HOUR_MS;
    const at = (time: number) => ({ createdAt: new Date(time) });
    // The oldest completed scan falls outside the last 100 scores.
    await insertScan(db, { dataSourceId: store.id, healthScore: 0, ...at(now - 30 * DAY_MS) });
    await db.insert(auditScans).values(
      Array.from({ length: 97 }, (_, index) => ({
        dataSourceId: index % 2 === 0 ? store.id : blog.id,
        status: "completed" as const,
        healthScore: 80,
        healthGrade: "A",
        createdAt: new Date(now - 10 * DAY_MS - index * 1000),
      })),
    );
    // Outside the 7-day window.
    await insertScan(db, {
      dataSourceId: blog.id,
      status: "failed",
      healthScore: null,
      errorMessage: "old failure",
      ...at(now - 8 * DAY_MS),
    });
    // Yesterday (UTC): two completed, one failed.
    await insertScan(db, { dataSourceId: store.id, healthScore: 50, ...at(yesterday) });
    await insertScan(db, { dataSourceId: blog.id, healthScore: 70, ...at(yesterday - 1000) });
    await insertScan(db, {
      dataSourceId: store.id,
      status: "failed",
      healthScore: null,
      errorMessage: "quota",
      ...at(yesterday - 2000),
    });
    // Today: completed, failed, running, newest last.
    await insertScan(db, { dataSourceId: blog.id, healthScore: 90, ...at(now - 3000) });
    await insertScan(db, {
      dataSourceId: store.id,
      status: "failed",
      healthScore: null,
      healthGrade: null,
      errorMessage: "Google said no",
      ...at(now - 2000),
    });
    await insertScan(db, {
      dataSourceId: blog.id,
      status: "running",
      healthScore: null,
      healthGrade: null,
      completedAt: null,
      ...at(now - 1000),
    });

    // Active issues by type: b-type 3 (2 critical), a-type 2 (1 critical), c-type 2, then
    // eight types found once; muted and resolved issues do not count.
    const issue = (issueType: string, values: Partial<Parameters<typeof insertIssue>[1]> = {}) =>
      insertIssue(db, { dataSourceId: store.id, issueType, ...values });
    await issue("b-type", { severity: "critical" });
    await issue("b-type", { severity: "critical", dataSourceId: blog.id });
    await issue("b-type");
    await issue("a-type", { severity: "critical" });
    await issue("a-type");
    await issue("c-type");
    await issue("c-type", { dataSourceId: blog.id });
    for (let index = 1; index <= 8; index += 1) await issue(`type-0${index}`);
    for (let index = 0; index < 5; index += 1) {
      await issue("z-muted", { status: index % 2 === 0 ? "muted" : "resolved" });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it("counts users, workspaces, scans, tiers, activity, the average and the error rate", async () => {
    const response = await app.server.inject({
      method: "GET",
      url: "/api/admin/stats",
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalUsers: 4,
      totalWorkspaces: 2,
      totalScans: 1 + 97 + 1 + 3 + 3,
      usersByTier: { free: 1, pro: 1, advanced: 2, agency: 0 },
      scansRunning: 1,
      scansToday: 3,
      // The newest 100 completed scores: 90, 50, 70 and 97 of 80; the oldest 0 is left out.
      averageScore: (90 + 50 + 70 + 97 * 80) / 100,
      scanErrors7d: { failed: 2, total: 6, rate: 2 / 6 },
      topIssueTypes: [
        { issueType: "b-type", count: 3, criticalCount: 2 },
        { issueType: "a-type", count: 2, criticalCount: 1 },
        { issueType: "c-type", count: 2, criticalCount: 0 },
        ...[1, 2, 3, 4, 5, 6, 7].map((index) => ({
          issueType: `type-0${index}`,
          count: 1,
          criticalCount: 0,
        })),
      ],
    });
  });

  it("lists the 10 newest scans with their property and workspace", async () => {
    const response = await app.server.inject({
      method: "GET",
      url: "/api/admin/recent-scans",
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    const scans = response.json().scans;
    expect(scans).toHaveLength(10);
    expect(scans.slice(0, 3)).toEqual([
      expect.objectContaining({
        status: "running",
        healthScore: null,
        dataSourceName: "Beta Blog",
        workspaceName: workspaceNames.second,
        createdAt: new Date(now - 1000).toISOString(),
      }),
      expect.objectContaining({
        status: "failed",
        errorMessage: "Google said no",
        dataSourceName: "Alpha Store",
        workspaceName: workspaceNames.first,
      }),
      expect.objectContaining({ status: "completed", healthScore: 90, healthGrade: "B" }),
    ]);
    // Then yesterday's three, the failure of 8 days ago and the newest three of 10 days ago.
    expect(scans.slice(3).map((scan: { healthScore: number | null }) => scan.healthScore)).toEqual([
      50,
      70,
      null,
      null,
      80,
      80,
      80,
    ]);
  });
});
