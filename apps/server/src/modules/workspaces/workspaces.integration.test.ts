import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSources, workspaces, workspaceUsers } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";
import { createWithOwner, findOrCreateFirst } from "./workspaces.repository.ts";
import { personalWorkspaceName } from "./workspaces.service.ts";

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
        dataSourceLimit: 1,
        memberCount: 1,
        dataSourceCount: 0,
        createdAt: workspace.createdAt.toISOString(),
      },
    ]);
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
