import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberPropertyGrants, workspaceUsers } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, signUp, type TestApp } from "../../test/test-app.ts";
import { insertAlertRule } from "../alerts/alerts.testing.ts";
import { insertDataSource } from "../issues/issues.testing.ts";
import { insertTeam } from "./workspaces.testing.ts";

const UPGRADE =
  "Client-level user access is part of the Agency plan. Upgrade to Agency to limit members to chosen properties.";

/** Client-level access (issue 23, ADR 024): who may limit a member, to what, and what it does. */
describe.each(testDatabaseKinds())("client-level access on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  function call(
    method: "GET" | "PUT" | "PATCH" | "POST",
    url: string,
    cookie: string,
    payload?: object,
  ) {
    return app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  /** An Agency owner's team with an admin and two members, and two properties. */
  async function agencyTeam(tier: "agency" | "advanced" = "agency") {
    const owner = await signUp(app);
    const admin = await signUp(app);
    const member = await signUp(app);
    const colleague = await signUp(app);
    await setPlan(db(), owner.userId, tier);
    const workspace = await insertTeam(db(), owner.userId, [
      { userId: admin.userId, role: "admin" },
      { userId: member.userId, role: "member" },
      { userId: colleague.userId, role: "member" },
    ]);
    const acme = await insertDataSource(db(), { workspaceId: workspace.id, name: "Acme Store" });
    const beta = await insertDataSource(db(), { workspaceId: workspace.id, name: "Beta Blog" });
    const accessUrl = (userId: string) =>
      `/api/workspaces/${workspace.id}/members/${userId}/access`;
    return { owner, admin, member, colleague, workspace, acme, beta, accessUrl };
  }

  async function grantsOf(workspaceId: string, userId: string) {
    const rows = await db()
      .select({ dataSourceId: memberPropertyGrants.dataSourceId })
      .from(memberPropertyGrants)
      .where(
        and(
          eq(memberPropertyGrants.workspaceId, workspaceId),
          eq(memberPropertyGrants.userId, userId),
        ),
      );
    return rows.map((row) => row.dataSourceId).sort();
  }

  async function listedProperties(workspaceId: string, cookie: string) {
    const response = await call("GET", `/api/workspaces/${workspaceId}/data-sources`, cookie);
    expect(response.statusCode).toBe(200);
    return (response.json().dataSources as { name: string }[]).map((d) => d.name).sort();
  }

  it("limits a member to chosen properties: every list, page and alert rule keeps to them", async () => {
    const team = await agencyTeam();
    const { workspace, acme, beta, member } = team;
    const everyProperty = await insertAlertRule(db(), { workspaceId: workspace.id });
    const onAcme = await insertAlertRule(db(), {
      workspaceId: workspace.id,
      dataSourceId: acme.id,
    });
    const onBeta = await insertAlertRule(db(), {
      workspaceId: workspace.id,
      dataSourceId: beta.id,
    });

    const set = await call("PUT", team.accessUrl(member.userId), team.admin.cookie, {
      propertyAccess: "chosen",
      dataSourceIds: [acme.id, acme.id],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().member).toMatchObject({
      userId: member.userId,
      role: "member",
      propertyAccess: "chosen",
      dataSourceIds: [acme.id],
      canChangeAccess: true,
    });
    expect(await grantsOf(workspace.id, member.userId)).toEqual([acme.id]);

    // The owner sees the limit; the member sees their own; a colleague sees only that it exists.
    const members = async (cookie: string) =>
      (await call("GET", `/api/workspaces/${workspace.id}/members`, cookie))
        .json()
        .members.find((row: { userId: string }) => row.userId === member.userId);
    expect(await members(team.owner.cookie)).toMatchObject({
      propertyAccess: "chosen",
      dataSourceIds: [acme.id],
    });
    expect(await members(member.cookie)).toMatchObject({
      propertyAccess: "chosen",
      dataSourceIds: [acme.id],
      canChangeAccess: false,
    });
    expect(await members(team.colleague.cookie)).toMatchObject({
      propertyAccess: "chosen",
      dataSourceIds: [],
      canChangeAccess: false,
    });

    expect(await listedProperties(workspace.id, member.cookie)).toEqual(["Acme Store"]);
    expect(await listedProperties(workspace.id, team.colleague.cookie)).toEqual([
      "Acme Store",
      "Beta Blog",
    ]);
    expect((await call("GET", `/api/data-sources/${acme.id}`, member.cookie)).statusCode).toBe(200);
    const hidden = await call("GET", `/api/data-sources/${beta.id}`, member.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toEqual({
      code: "NOT_FOUND",
      message: "Analytics property not found",
    });

    const portfolio = await call("GET", "/api/portfolio", member.cookie);
    expect(portfolio.statusCode).toBe(200);
    expect(
      (portfolio.json().properties as { dataSourceId: string }[]).map((p) => p.dataSourceId),
    ).toEqual([acme.id]);

    const rules = await call("GET", `/api/workspaces/${workspace.id}/alert-rules`, member.cookie);
    expect(rules.statusCode).toBe(200);
    expect((rules.json().alertRules as { id: string }[]).map((rule) => rule.id)).toEqual([
      onAcme.id,
    ]);
    for (const rule of [everyProperty, onBeta]) {
      const toggled = await call("PATCH", `/api/alert-rules/${rule.id}`, member.cookie, {
        isActive: false,
      });
      expect(toggled.statusCode).toBe(404);
    }
    const onEvery = await call(
      "POST",
      `/api/workspaces/${workspace.id}/alert-rules`,
      member.cookie,
      {
        destination: "team@example.com",
      },
    );
    expect(onEvery.statusCode).toBe(403);
    expect(onEvery.json().error).toEqual({
      code: "FORBIDDEN",
      message: "Your access is limited to chosen properties: choose one of them for this alert",
    });
    const onHidden = await call(
      "POST",
      `/api/workspaces/${workspace.id}/alert-rules`,
      member.cookie,
      {
        destination: "team@example.com",
        dataSourceId: beta.id,
      },
    );
    expect(onHidden.statusCode).toBe(404);
  });

  it("lifts the limit with All properties, and a promotion to admin lifts it too", async () => {
    const team = await agencyTeam();
    const { workspace, acme, member, colleague } = team;
    for (const who of [member, colleague]) {
      const set = await call("PUT", team.accessUrl(who.userId), team.owner.cookie, {
        propertyAccess: "chosen",
        dataSourceIds: [acme.id],
      });
      expect(set.statusCode).toBe(200);
    }

    const lifted = await call("PUT", team.accessUrl(member.userId), team.owner.cookie, {
      propertyAccess: "all",
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().member).toMatchObject({ propertyAccess: "all", dataSourceIds: [] });
    expect(await grantsOf(workspace.id, member.userId)).toEqual([]);
    expect(await listedProperties(workspace.id, member.cookie)).toEqual([
      "Acme Store",
      "Beta Blog",
    ]);

    const promoted = await call(
      "PATCH",
      `/api/workspaces/${workspace.id}/members/${colleague.userId}`,
      team.owner.cookie,
      { role: "admin" },
    );
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().member).toMatchObject({
      role: "admin",
      propertyAccess: "all",
      canChangeAccess: false,
    });
    expect(await grantsOf(workspace.id, colleague.userId)).toEqual([]);
    expect(await listedProperties(workspace.id, colleague.cookie)).toEqual([
      "Acme Store",
      "Beta Blog",
    ]);
  });

  it("refuses what is not a workspace's own property, an empty choice and an unknown access", async () => {
    const team = await agencyTeam();
    const elsewhere = await agencyTeam();
    const url = team.accessUrl(team.member.userId);
    const cases: [object, number, { code: string; message: string }][] = [
      [
        { propertyAccess: "chosen", dataSourceIds: [team.acme.id, elsewhere.acme.id] },
        404,
        { code: "NOT_FOUND", message: "Analytics property not found" },
      ],
      [
        { propertyAccess: "chosen", dataSourceIds: [] },
        400,
        { code: "VALIDATION_FAILED", message: "Choose at least one analytics property" },
      ],
      [
        { propertyAccess: "chosen", dataSourceIds: ["not-a-property"] },
        400,
        { code: "VALIDATION_FAILED", message: "Analytics property not found" },
      ],
      [
        { propertyAccess: "chosen" },
        400,
        {
          code: "VALIDATION_FAILED",
          message: "Choose the analytics properties this member may see",
        },
      ],
      [
        { propertyAccess: "some" },
        400,
        {
          code: "VALIDATION_FAILED",
          message: "Access must be all properties or chosen properties",
        },
      ],
    ];
    for (const [payload, status, error] of cases) {
      const response = await call("PUT", url, team.owner.cookie, payload);
      const { code, message } = response.json().error;
      expect({ payload, status: response.statusCode, error: { code, message } }).toEqual({
        payload,
        status,
        error,
      });
    }
    expect(await grantsOf(team.workspace.id, team.member.userId)).toEqual([]);
    const [row] = await db()
      .select({ limited: workspaceUsers.chosenPropertiesOnly })
      .from(workspaceUsers)
      .where(
        and(
          eq(workspaceUsers.workspaceId, team.workspace.id),
          eq(workspaceUsers.userId, team.member.userId),
        ),
      );
    expect(row?.limited).toBe(false);
  });

  it("lets only owners and admins limit only members, and answers 404 to anyone else", async () => {
    const team = await agencyTeam();
    const outsider = await signUp(app);
    const chosen = { propertyAccess: "chosen", dataSourceIds: [team.acme.id] };
    const attempts: [string, string, number, { code: string; message: string }][] = [
      [
        team.colleague.cookie,
        team.accessUrl(team.member.userId),
        403,
        {
          code: "FORBIDDEN",
          message: "Only the workspace owner or an admin can change a member's access",
        },
      ],
      [
        team.owner.cookie,
        team.accessUrl(team.admin.userId),
        403,
        {
          code: "FORBIDDEN",
          message:
            "The workspace owner and admins see every property; only a member's access can be limited",
        },
      ],
      [
        team.admin.cookie,
        team.accessUrl(team.owner.userId),
        403,
        {
          code: "FORBIDDEN",
          message:
            "The workspace owner and admins see every property; only a member's access can be limited",
        },
      ],
      [
        team.owner.cookie,
        team.accessUrl(outsider.userId),
        404,
        { code: "NOT_FOUND", message: "Member not found" },
      ],
      [
        outsider.cookie,
        team.accessUrl(team.member.userId),
        404,
        { code: "NOT_FOUND", message: "Workspace not found" },
      ],
    ];
    for (const [cookie, url, status, error] of attempts) {
      const response = await call("PUT", url, cookie, chosen);
      expect({ url, status: response.statusCode, error: response.json().error }).toEqual({
        url,
        status,
        error,
      });
    }
  });

  it("needs Agency to limit a member, and a limit outlives a downgrade until lifted", async () => {
    const team = await agencyTeam("advanced");
    const refused = await call("PUT", team.accessUrl(team.member.userId), team.owner.cookie, {
      propertyAccess: "chosen",
      dataSourceIds: [team.acme.id],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: "PLAN_UPGRADE_REQUIRED", message: UPGRADE });
    const members = await call(
      "GET",
      `/api/workspaces/${team.workspace.id}/members`,
      team.owner.cookie,
    );
    expect(
      members
        .json()
        .members.map((row: { role: string; canChangeAccess: boolean }) => row.canChangeAccess),
    ).toEqual([false, false, false, false]);

    await setPlan(db(), team.owner.userId, "agency");
    expect(
      (
        await call("PUT", team.accessUrl(team.member.userId), team.owner.cookie, {
          propertyAccess: "chosen",
          dataSourceIds: [team.acme.id],
        })
      ).statusCode,
    ).toBe(200);
    await setPlan(db(), team.owner.userId, "advanced");

    expect(await listedProperties(team.workspace.id, team.member.cookie)).toEqual(["Acme Store"]);
    expect(
      (await call("GET", `/api/data-sources/${team.beta.id}`, team.member.cookie)).statusCode,
    ).toBe(404);
    const changed = await call("PUT", team.accessUrl(team.member.userId), team.owner.cookie, {
      propertyAccess: "chosen",
      dataSourceIds: [team.beta.id],
    });
    expect(changed.json().error).toEqual({ code: "PLAN_UPGRADE_REQUIRED", message: UPGRADE });
    const limitedRow = (
      await call("GET", `/api/workspaces/${team.workspace.id}/members`, team.owner.cookie)
    )
      .json()
      .members.find((row: { userId: string }) => row.userId === team.member.userId);
    expect(limitedRow).toMatchObject({ propertyAccess: "chosen", canChangeAccess: true });

    const lifted = await call("PUT", team.accessUrl(team.member.userId), team.owner.cookie, {
      propertyAccess: "all",
    });
    expect(lifted.statusCode).toBe(200);
    expect(await listedProperties(team.workspace.id, team.member.cookie)).toEqual([
      "Acme Store",
      "Beta Blog",
    ]);
  });
});
