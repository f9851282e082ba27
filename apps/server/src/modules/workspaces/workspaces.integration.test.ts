import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSources } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, signUp, type TestApp } from "../../test/test-app.ts";
import { createWithOwner } from "./workspaces.repository.ts";

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
    expect(list.json().workspaces).toEqual([]);
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
});
