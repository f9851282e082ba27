import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditScans,
  dataSources,
  subscriptions,
  utmIssues,
  workspaceInvitations,
  workspaces,
  workspaceUsers,
} from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";
import {
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";
import { createWithOwner, findOrCreateFirst } from "./workspaces.repository.ts";
import { personalWorkspaceName } from "./workspaces.service.ts";
import { addMember, insertTeam, insertUser } from "./workspaces.testing.ts";

describe.each(testDatabaseKinds())("workspaces on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists a member's workspaces with the owner's plan and counts", async () => {
    const owner = await signUp(app);
    const workspace = await createWithOwner(app.database.db, {
      name: "Acme Marketing",
      type: "team",
      ownerId: owner.userId,
    });
    const response = await app.server.inject({
      method: "GET",
      url: "/api/workspaces",
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().workspaces).toEqual([
      {
        id: workspace.id,
        name: "Acme Marketing",
        type: "team",
        ownerId: owner.userId,
        role: "owner",
        ownerTier: "free",
        ownerPaymentGrace: null,
        dataSourceLimit: 1,
        ownerDataSourcesUsed: 0,
        memberCount: 1,
        dataSourceCount: 0,
        createdAt: workspace.createdAt.toISOString(),
      },
    ]);
  });

  it("counts the owner's properties in every workspace they own, for each workspace and member", async () => {
    const owner = await signUp(app);
    const member = await signUp(app);
    const first = await createWithOwner(app.database.db, {
      name: "First",
      type: "team",
      ownerId: owner.userId,
    });
    const second = await createWithOwner(app.database.db, {
      name: "Second",
      type: "team",
      ownerId: owner.userId,
    });
    await addMember(app.database.db, second.id, member.userId, "member");
    await insertDataSource(app.database.db, { workspaceId: first.id });
    const list = async (cookie: string) =>
      (
        await app.server.inject({ method: "GET", url: "/api/workspaces", headers: { cookie } })
      ).json().workspaces as {
        id: string;
        dataSourceCount: number;
        ownerDataSourcesUsed: number;
      }[];

    const owned = await list(owner.cookie);
    expect(owned.find((workspace) => workspace.id === second.id)).toMatchObject({
      dataSourceCount: 0,
      ownerDataSourcesUsed: 1,
      dataSourceLimit: 1,
    });
    expect(owned.find((workspace) => workspace.id === first.id)).toMatchObject({
      dataSourceCount: 1,
      ownerDataSourcesUsed: 1,
    });
    const shared = (await list(member.cookie)).find((workspace) => workspace.id === second.id);
    expect(shared).toMatchObject({ ownerId: owner.userId, ownerDataSourcesUsed: 1 });
  });

  it("keeps another workspace invisible (404) and its members unlisted", async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const workspace = await createWithOwner(app.database.db, {
      name: "Private",
      type: "personal",
      ownerId: owner.userId,
    });
    const members = (cookie: string) =>
      app.server.inject({
        method: "GET",
        url: `/api/workspaces/${workspace.id}/members`,
        headers: { cookie },
      });

    const own = await members(owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().members).toEqual([
      expect.objectContaining({ userId: owner.userId, role: "owner", email: owner.input.email }),
    ]);

    const theirs = await members(stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe("NOT_FOUND");

    const list = await app.server.inject({
      method: "GET",
      url: "/api/workspaces",
      headers: { cookie: stranger.cookie },
    });
    // Only the stranger's own first workspace, made for them by this call.
    expect(list.json().workspaces).toEqual([
      expect.objectContaining({ ownerId: stranger.userId, type: "personal", role: "owner" }),
    ]);
  });

  it("creates a first personal workspace once, however many requests ask at the same time", async () => {
    const user = await signUp(app, newUser({ fullName: "Priya Shah" }));
    const list = () =>
      app.server.inject({
        method: "GET",
        url: "/api/workspaces",
        headers: { cookie: user.cookie },
      });
    const responses = await Promise.all([list(), list(), list(), list(), list()]);
    const ids = new Set<string>();
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json().workspaces).toHaveLength(1);
      ids.add(response.json().workspaces[0].id);
    }
    expect(ids.size).toBe(1);
    expect((await list()).json().workspaces).toEqual([
      expect.objectContaining({
        name: "Priya's Workspace",
        type: "personal",
        ownerId: user.userId,
        role: "owner",
        memberCount: 1,
        dataSourceCount: 0,
        ownerTier: "free",
        dataSourceLimit: 1,
      }),
    ]);
    const owned = await app.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.ownerId, user.userId));
    expect(owned).toHaveLength(1);
  });

  it("makes no workspace for a user who already belongs to one", async () => {
    const owner = await signUp(app);
    const member = await signUp(app);
    const team = await createWithOwner(app.database.db, {
      name: "Agency",
      type: "team",
      ownerId: owner.userId,
    });
    await app.database.db
      .insert(workspaceUsers)
      .values({ workspaceId: team.id, userId: member.userId, workspaceRole: "member" });
    const list = await app.server.inject({
      method: "GET",
      url: "/api/workspaces",
      headers: { cookie: member.cookie },
    });
    expect(list.json().workspaces).toEqual([
      expect.objectContaining({ id: team.id, role: "member" }),
    ]);
  });

  it("counts onboarding complete once the user owns a workspace with a data source", async () => {
    const owner = await signUp(app);
    const workspace = await createWithOwner(app.database.db, {
      name: "Connected",
      type: "personal",
      ownerId: owner.userId,
    });
    const me = () =>
      app.server.inject({ method: "GET", url: "/api/me", headers: { cookie: owner.cookie } });
    expect((await me()).json().onboardingCompleted).toBe(false);
    await app.database.db.insert(dataSources).values({
      workspaceId: workspace.id,
      connectedByUserId: owner.userId,
      name: "Main site",
      ga4PropertyId: "123456789",
    });
    expect((await me()).json().onboardingCompleted).toBe(true);
  });

  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    cookie: string,
    payload?: object,
  ) => app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it("creates workspaces without limit, owned by their creator, team by default", async () => {
    const user = await signUp(app);
    const blank = await call("POST", "/api/workspaces", user.cookie, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Workspace name is required",
    });
    expect((await call("POST", "/api/workspaces", user.cookie, {})).json().error.message).toBe(
      "Workspace name is required",
    );

    const created = await call("POST", "/api/workspaces", user.cookie, { name: " Client A " });
    expect(created.statusCode).toBe(201);
    expect(created.json().workspace).toMatchObject({
      name: "Client A",
      type: "team",
      ownerId: user.userId,
      role: "owner",
      memberCount: 1,
      dataSourceCount: 0,
    });
    for (let index = 0; index < 5; index += 1) {
      const more = await call("POST", "/api/workspaces", user.cookie, {
        name: `Client ${index}`,
        type: "personal",
      });
      expect(more.statusCode).toBe(201);
      expect(more.json().workspace.type).toBe("personal");
    }
    const list = await call("GET", "/api/workspaces", user.cookie);
    expect(list.json().workspaces).toHaveLength(6);
    expect(list.json().workspaces[0]).toEqual(created.json().workspace);
  });

  it("lets only the owner rename and delete; deleting takes everything in it along", async () => {
    const owner = await signUp(app);
    const admin = await signUp(app);
    const team = await insertTeam(app.database.db, owner.userId, [
      { userId: admin.userId, role: "admin" },
    ]);
    const url = `/api/workspaces/${team.id}`;

    const refused = await call("PATCH", url, admin.cookie, { name: "Mine now" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "FORBIDDEN",
      message: "Only the workspace owner can rename the workspace",
    });
    expect((await call("PATCH", url, owner.cookie, { name: "" })).statusCode).toBe(400);
    const renamed = await call("PATCH", url, owner.cookie, { name: "Agency Clients" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().workspace).toMatchObject({ id: team.id, name: "Agency Clients" });

    const db = app.database.db;
    const dataSource = await insertDataSource(db, {
      workspaceId: team.id,
      connectedByUserId: owner.userId,
    });
    const scan = await insertScan(db, { dataSourceId: dataSource.id });
    const issue = await insertIssue(db, { dataSourceId: dataSource.id });
    await insertOccurrence(db, { issueId: issue.id, scanId: scan.id });
    expect(
      (await call("POST", `${url}/invitations`, owner.cookie, { email: newUser().email }))
        .statusCode,
    ).toBe(201);
    const usedBefore = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, owner.userId));
    expect(usedBefore[0]?.dataSourcesUsed).toBe(1);

    const notYours = await call("DELETE", url, admin.cookie);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error.message).toBe("Only the workspace owner can delete the workspace");
    expect((await call("DELETE", url, owner.cookie)).statusCode).toBe(204);
    expect((await call("DELETE", url, owner.cookie)).statusCode).toBe(404);

    expect(await db.select().from(workspaces).where(eq(workspaces.id, team.id))).toEqual([]);
    expect(
      await db.select().from(workspaceUsers).where(eq(workspaceUsers.workspaceId, team.id)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.workspaceId, team.id)),
    ).toEqual([]);
    expect(await db.select().from(dataSources).where(eq(dataSources.id, dataSource.id))).toEqual(
      [],
    );
    expect(await db.select().from(auditScans).where(eq(auditScans.id, scan.id))).toEqual([]);
    expect(await db.select().from(utmIssues).where(eq(utmIssues.id, issue.id))).toEqual([]);
    const usedAfter = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, owner.userId));
    expect(usedAfter[0]?.dataSourcesUsed).toBe(0);
    const adminList = await call("GET", "/api/workspaces", admin.cookie);
    expect(adminList.json().workspaces.map((w: { id: string }) => w.id)).not.toContain(team.id);
  });

  it("lets owners and admins change roles and remove members, never the owner", async () => {
    const owner = await signUp(app);
    const admin = await signUp(app);
    const member = await signUp(app);
    const teammate = await insertUser(app.database.db);
    const team = await insertTeam(app.database.db, owner.userId, [
      { userId: admin.userId, role: "admin" },
      { userId: member.userId, role: "member" },
      { userId: teammate.id, role: "member" },
    ]);
    const members = `/api/workspaces/${team.id}/members`;

    const rights = async (cookie: string) => {
      const response = await call("GET", members, cookie);
      const byUser: Record<string, [boolean, boolean, boolean]> = {};
      for (const row of response.json().members) {
        byUser[row.userId] = [row.isYou, row.canChangeRole, row.canRemove];
      }
      return { viewerRole: response.json().viewerRole, roles: response.json().members, byUser };
    };
    const asMember = await rights(member.cookie);
    expect(asMember.viewerRole).toBe("member");
    expect(asMember.roles.map((row: { role: string }) => row.role)).toEqual([
      "owner",
      "admin",
      "member",
      "member",
    ]);
    expect(asMember.byUser).toEqual({
      [owner.userId]: [false, false, false],
      [admin.userId]: [false, false, false],
      [member.userId]: [true, false, true],
      [teammate.id]: [false, false, false],
    });
    const asAdmin = await rights(admin.cookie);
    expect(asAdmin.viewerRole).toBe("admin");
    expect(asAdmin.byUser).toEqual({
      [owner.userId]: [false, false, false],
      [admin.userId]: [true, true, true],
      [member.userId]: [false, true, true],
      [teammate.id]: [false, true, true],
    });

    const promoted = await call("PATCH", `${members}/${teammate.id}`, admin.cookie, {
      role: "admin",
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().member).toMatchObject({ userId: teammate.id, role: "admin" });
    const badRole = await call("PATCH", `${members}/${teammate.id}`, owner.cookie, {
      role: "owner",
    });
    expect(badRole.statusCode).toBe(400);
    const ownerRole = await call("PATCH", `${members}/${owner.userId}`, admin.cookie, {
      role: "member",
    });
    expect(ownerRole.statusCode).toBe(403);
    expect(ownerRole.json().error.message).toBe("The workspace owner's role cannot be changed");
    const memberTries = await call("PATCH", `${members}/${teammate.id}`, member.cookie, {
      role: "member",
    });
    expect(memberTries.statusCode).toBe(403);
    expect(memberTries.json().error.message).toBe(
      "Only the workspace owner or an admin can change member roles",
    );
    const nobody = await call("PATCH", `${members}/no-such-user`, owner.cookie, { role: "admin" });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.message).toBe("Member not found");

    const removeOwner = await call("DELETE", `${members}/${owner.userId}`, admin.cookie);
    expect(removeOwner.statusCode).toBe(403);
    expect(removeOwner.json().error.message).toBe("The workspace owner cannot be removed");
    const memberRemoves = await call("DELETE", `${members}/${teammate.id}`, member.cookie);
    expect(memberRemoves.statusCode).toBe(403);
    expect(memberRemoves.json().error.message).toBe(
      "Only the workspace owner or an admin can remove members",
    );
    expect((await call("DELETE", `${members}/${teammate.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await call("DELETE", `${members}/${teammate.id}`, admin.cookie)).statusCode).toBe(404);

    // Leaving: any member removes themselves; the owner cannot.
    const ownerLeaves = await call("DELETE", `${members}/${owner.userId}`, owner.cookie);
    expect(ownerLeaves.statusCode).toBe(403);
    expect(ownerLeaves.json().error.message).toBe("The workspace owner cannot leave the workspace");
    expect((await call("DELETE", `${members}/${member.userId}`, member.cookie)).statusCode).toBe(
      204,
    );
    expect((await call("GET", members, member.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", `${members}/${admin.userId}`, admin.cookie)).statusCode).toBe(204);
    const left = await call("GET", members, owner.cookie);
    expect(left.json().members).toEqual([
      expect.objectContaining({ userId: owner.userId, role: "owner" }),
    ]);
  });

  it("finds the oldest workspace rather than making another", async () => {
    const user = await signUp(app);
    const first = await findOrCreateFirst(app.database.db, user.userId, personalWorkspaceName);
    const again = await findOrCreateFirst(app.database.db, user.userId, personalWorkspaceName);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
  });
});

describe("personal workspace names", () => {
  it("use the first name", () => {
    expect(personalWorkspaceName("Alex Morgan")).toBe("Alex's Workspace");
    expect(personalWorkspaceName("  Cher  ")).toBe("Cher's Workspace");
    expect(personalWorkspaceName(" ")).toBe("My Workspace");
  });
});
