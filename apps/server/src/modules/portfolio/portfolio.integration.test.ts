import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, signUp, type TestApp } from "../../test/test-app.ts";
import { firstWorkspace } from "../google-connect/google-connect.testing.ts";
import { daysAgo, insertDataSource, insertIssue, insertScan } from "../issues/issues.testing.ts";
import { addMember, insertTeam } from "../workspaces/workspaces.testing.ts";

describe.each(testDatabaseKinds())("the multi-client dashboard on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  function portfolio(cookie: string) {
    return app.server.inject({ method: "GET", url: "/api/portfolio", headers: { cookie } });
  }

  async function agencyUser() {
    const user = await signUp(app);
    await setPlan(db(), user.userId, "agency");
    return { ...user, workspaceId: await firstWorkspace(app, user.cookie) };
  }

  it("lists the properties of every Agency workspace the user is in, and no one else's", async () => {
    const agency = await agencyUser();
    const team = await insertTeam(db(), agency.userId);
    const improving = await insertDataSource(db(), {
      workspaceId: agency.workspaceId,
      name: "Acme Store",
      ga4PropertyId: "311111111",
    });
    // The critical count is the latest completed scan's, which holds the counts model's number
    // (issue-counts.service.ts keeps it so; tested with the issues).
    await insertScan(db(), {
      dataSourceId: improving.id,
      healthScore: 60,
      healthGrade: "C",
      criticalIssuesCount: 5,
      createdAt: daysAgo(3),
    });
    await insertScan(db(), {
      dataSourceId: improving.id,
      healthScore: 75,
      healthGrade: "B",
      criticalIssuesCount: 2,
      createdAt: daysAgo(2),
    });
    // A newer failed scan is the last scan, but the score stays the last completed one's.
    const failed = await insertScan(db(), {
      dataSourceId: improving.id,
      status: "failed",
      healthScore: null,
      healthGrade: null,
      createdAt: daysAgo(1),
    });
    for (const [severity, status] of [
      ["critical", "active"],
      ["critical", "active"],
      ["critical", "resolved"],
      ["critical", "muted"],
      ["warning", "active"],
    ] as const) {
      await insertIssue(db(), { dataSourceId: improving.id, severity, status });
    }
    const suspended = await insertDataSource(db(), {
      workspaceId: team.id,
      name: "Beta Blog",
      isActive: false,
      suspendedByPlanAt: daysAgo(1),
    });
    const single = await insertScan(db(), {
      dataSourceId: suspended.id,
      healthScore: 91,
      healthGrade: "A+",
    });
    const revoked = await insertDataSource(db(), {
      workspaceId: team.id,
      name: "Cobalt Shop",
      isActive: false,
    });
    await insertScan(db(), {
      dataSourceId: revoked.id,
      status: "failed",
      healthScore: null,
      errorCode: "GOOGLE_AUTH_EXPIRED",
    });
    const unaudited = await insertDataSource(db(), { workspaceId: team.id, name: "Delta Docs" });

    // Another Agency customer's property, and one in a workspace whose owner is on Free.
    const outsider = await agencyUser();
    await insertDataSource(db(), { workspaceId: outsider.workspaceId, name: "Outsider" });
    const freeOwner = await signUp(app);
    const freeWorkspace = await firstWorkspace(app, freeOwner.cookie);
    await addMember(db(), freeWorkspace, agency.userId, "member");
    await insertDataSource(db(), { workspaceId: freeWorkspace, name: "Free owner's" });

    const response = await portfolio(agency.cookie);
    expect(response.statusCode).toBe(200);
    const { properties } = response.json();
    const byName = new Map(properties.map((row: { name: string }) => [row.name, row]));
    expect([...byName.keys()].sort()).toEqual([
      "Acme Store",
      "Beta Blog",
      "Cobalt Shop",
      "Delta Docs",
    ]);
    expect(byName.get("Acme Store")).toEqual({
      dataSourceId: improving.id,
      name: "Acme Store",
      ga4PropertyId: "311111111",
      workspaceId: agency.workspaceId,
      workspaceName: "Test's Workspace",
      status: "active",
      healthScore: 75,
      healthGrade: "B",
      previousHealthScore: 60,
      scoreChange: 15,
      criticalIssuesCount: 2,
      lastScanAt: failed.createdAt.toISOString(),
      lastScanStatus: "failed",
    });
    expect(byName.get("Beta Blog")).toMatchObject({
      workspaceId: team.id,
      workspaceName: team.name,
      status: "over_plan_limit",
      healthScore: 91,
      previousHealthScore: null,
      scoreChange: null,
      lastScanAt: single.createdAt.toISOString(),
      lastScanStatus: "completed",
    });
    expect(byName.get("Cobalt Shop")).toMatchObject({
      status: "needs_reconnect",
      healthScore: null,
      lastScanStatus: "failed",
    });
    expect(byName.get("Delta Docs")).toMatchObject({
      dataSourceId: unaudited.id,
      status: "active",
      healthScore: null,
      healthGrade: null,
      criticalIssuesCount: 0,
      lastScanAt: null,
      lastScanStatus: null,
    });
  });

  it("follows the owner's plan: a member on Free sees the Agency workspace they are in", async () => {
    const agency = await agencyUser();
    await insertDataSource(db(), { workspaceId: agency.workspaceId, name: "Shared" });
    const member = await signUp(app);
    await addMember(db(), agency.workspaceId, member.userId, "member");
    const { properties } = (await portfolio(member.cookie)).json();
    expect(properties.map((row: { name: string }) => row.name)).toEqual(["Shared"]);
  });

  it("refuses a user in no Agency workspace, naming the plan", async () => {
    const user = await signUp(app);
    await setPlan(db(), user.userId, "advanced");
    const response = await portfolio(user.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: "PLAN_UPGRADE_REQUIRED",
      message:
        "The multi-client dashboard is part of the Agency plan. Upgrade to see every client in one place.",
    });
  });

  it("answers an Agency user without properties with an empty list", async () => {
    const agency = await agencyUser();
    expect((await portfolio(agency.cookie)).json()).toEqual({ properties: [] });
  });
});
