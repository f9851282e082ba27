import { randomBytes } from "node:crypto";
import type { RunningEmulator } from "@utmost/google-emulator";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  googleConnections,
  reportExports,
  subscriptions,
  utmIssues,
  workspaceBranding,
  workspaceInvitations,
  workspaceUsers,
} from "../../db/schema.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { isWorkspaceRoute } from "../../test/route-table.ts";
import { signUp } from "../../test/test-app.ts";
import { confirmAlertRecipient, insertAlertRule } from "../alerts/alerts.testing.ts";
import { dataUrl, tinyPng } from "../branding/branding.testing.ts";
import {
  authorize,
  type ConnectTestApp,
  createConnectTestApp,
  emulatorProperty,
} from "../google-connect/google-connect.testing.ts";
import {
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";
import { insertTeam, insertUser, limitToProperties } from "./workspaces.testing.ts";

/**
 * Issue 6: every role against every route that acts on a workspace or on something in one.
 * Members manage properties, audits, issues and alert rules; admins also members and invitations; only the
 * owner renames and deletes. A user of another workspace gets 404 everywhere (DESIGN.md).
 * Issue 23: a member limited to chosen properties (client-level access, ADR 024) gets 404 on
 * every route about a property not granted, and a member's answer about the granted one.
 * Each request runs against a fresh workspace, so a delete cannot hide the next check.
 */

type Actor = "owner" | "admin" | "member" | "restricted" | "outsider";
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

interface Fixture {
  workspaceId: string;
  dataSourceId: string;
  scanId: string;
  issueId: string;
  /** A plain member the request may act on. */
  teammateId: string;
  invitationId: string;
  /** An email rule on the property: its test alert lands in the outbox. */
  alertRuleId: string;
}

/** The same things about a second property, the only one the restricted member is granted. */
type Granted = Pick<Fixture, "dataSourceId" | "scanId" | "issueId" | "alertRuleId">;

interface Case {
  /** The route pattern, as registered. */
  route: string;
  /** Expected status for the owner, an admin and a member; an outsider always gets 404. */
  expected: [owner: number, admin: number, member: number];
  /**
   * The route acts on the fixture's property (or a scan, issue, report or rule of it): the
   * restricted member gets 404 there and the member's status on the granted property.
   */
  property?: true;
  /** The restricted member's status when it is neither of those (adding a property: 403). */
  restricted?: number;
  request(
    fixture: Fixture,
    actor: { name: Actor; userId: string; cookie: string },
  ): Promise<{ url: string; payload?: object }> | { url: string; payload?: object };
}

const ALL = [200, 200, 200] as [number, number, number];
const MANAGERS = (status: number) => [status, status, 403] as [number, number, number];
const OWNER_ONLY = (status: number) => [status, 403, 403] as [number, number, number];

describe.each(testDatabaseKinds())("the permission matrix on %s", (kind) => {
  let emulator: RunningEmulator;
  let app: ConnectTestApp;
  const actors = {} as Record<Actor, { name: Actor; userId: string; cookie: string }>;

  beforeAll(async () => {
    const { startGoogleEmulator } = await import("@utmost/google-emulator");
    emulator = await startGoogleEmulator();
    app = await createConnectTestApp(kind, { GOOGLE_EMULATOR_URL: emulator.url });
    for (const name of ["owner", "admin", "member", "restricted", "outsider"] as const) {
      const user = await signUp(app);
      actors[name] = { name, userId: user.userId, cookie: user.cookie };
    }
    // Many fixtures' properties count against the owner's plan; the limit is not on trial here.
    await app.database.db
      .update(subscriptions)
      .set({ dataSourceLimit: 10_000 })
      .where(eq(subscriptions.userId, actors.owner.userId));
    // Roles are on trial, not plans: the owner's Agency plan sells every alert channel and exports.
    await setPlan(app.database.db, actors.owner.userId, "agency");
  });
  afterAll(async () => {
    await app?.close();
    await emulator?.close();
  });

  async function setChosenPropertiesOnly(workspaceId: string, userId: string, limited: boolean) {
    await app.database.db
      .update(workspaceUsers)
      .set({ chosenPropertiesOnly: limited })
      .where(and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.userId, userId)));
  }

  async function setIssueStatus(issueId: string, status: "muted" | "resolved") {
    await app.database.db.update(utmIssues).set({ status }).where(eq(utmIssues.id, issueId));
  }

  /** A property with a scan, an issue found by it and an email alert rule on it. */
  async function propertyWithFindings(workspaceId: string): Promise<Granted> {
    const db = app.database.db;
    const dataSource = await insertDataSource(db, {
      workspaceId,
      connectedByUserId: actors.owner.userId,
    });
    const scan = await insertScan(db, { dataSourceId: dataSource.id });
    const issue = await insertIssue(db, { dataSourceId: dataSource.id });
    await insertOccurrence(db, { issueId: issue.id, scanId: scan.id });
    const alertRule = await insertAlertRule(db, { workspaceId, dataSourceId: dataSource.id });
    // Its recipient has opted in, so a test alert is sent (the opt-in has its own tests).
    if ("email" in alertRule.notificationConfig) {
      await confirmAlertRecipient(db, workspaceId, alertRule.notificationConfig.email);
    }
    return {
      dataSourceId: dataSource.id,
      scanId: scan.id,
      issueId: issue.id,
      alertRuleId: alertRule.id,
    };
  }

  async function fixture(): Promise<Fixture & { granted: Granted }> {
    const db = app.database.db;
    const teammate = await insertUser(db);
    const workspace = await insertTeam(db, actors.owner.userId, [
      { userId: actors.admin.userId, role: "admin" },
      { userId: actors.member.userId, role: "member" },
      { userId: actors.restricted.userId, role: "member" },
      { userId: teammate.id, role: "member" },
    ]);
    const property = await propertyWithFindings(workspace.id);
    const granted = await propertyWithFindings(workspace.id);
    await limitToProperties(db, workspace.id, actors.restricted.userId, [granted.dataSourceId]);
    const [invitation] = await db
      .insert(workspaceInvitations)
      .values({
        workspaceId: workspace.id,
        invitedEmail: `invitee-${randomBytes(4).toString("hex")}@example.com`,
        tokenHash: randomBytes(32).toString("hex"),
        invitedByUserId: actors.owner.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    if (!invitation) throw new Error("invitation insert returned no row");
    return {
      ...property,
      workspaceId: workspace.id,
      teammateId: teammate.id,
      invitationId: invitation.id,
      granted,
    };
  }

  /**
   * A connect-flow handle for the actor: members go through Google's consent; an outsider
   * cannot start one, so theirs is written directly, as if left from an earlier membership; the
   * restricted member's is started before the limit, as if set while the handle was open.
   */
  async function connectionFor(
    f: Fixture,
    actor: { name: Actor; userId: string; cookie: string },
  ): Promise<string> {
    if (actor.name === "restricted") {
      await setChosenPropertiesOnly(f.workspaceId, actor.userId, false);
      const connectionId = await authorize(app, actor.cookie, { workspaceId: f.workspaceId });
      await setChosenPropertiesOnly(f.workspaceId, actor.userId, true);
      return connectionId;
    }
    if (actor.name !== "outsider") {
      return authorize(app, actor.cookie, { workspaceId: f.workspaceId });
    }
    const cipher = createAppTokenCipher(app.config);
    const [row] = await app.database.db
      .insert(googleConnections)
      .values({
        userId: actor.userId,
        workspaceId: f.workspaceId,
        accessTokenEncrypted: cipher.encrypt("ya29.outsider-access"),
        refreshTokenEncrypted: cipher.encrypt("1//outsider-refresh"),
        tokenExpiresAt: new Date(Date.now() + 3_600_000),
        tokenScopes: "openid email https://www.googleapis.com/auth/analytics.readonly",
        expiresAt: new Date(Date.now() + 600_000),
      })
      .returning();
    if (!row) throw new Error("connection insert returned no row");
    return row.id;
  }

  const cases: Case[] = [
    // Workspaces and members
    {
      route: "PATCH /api/workspaces/:workspaceId",
      expected: OWNER_ONLY(200),
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}`, payload: { name: "Renamed" } }),
    },
    {
      route: "DELETE /api/workspaces/:workspaceId",
      expected: OWNER_ONLY(204),
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}` }),
    },
    {
      route: "GET /api/workspaces/:workspaceId/members",
      expected: ALL,
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/members` }),
    },
    {
      route: "PATCH /api/workspaces/:workspaceId/members/:userId",
      expected: MANAGERS(200),
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/members/${f.teammateId}`,
        payload: { role: "admin" },
      }),
    },
    {
      route: "PUT /api/workspaces/:workspaceId/members/:userId/access",
      expected: MANAGERS(200),
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/members/${f.teammateId}/access`,
        payload: { propertyAccess: "chosen", dataSourceIds: [f.dataSourceId] },
      }),
    },
    {
      route: "DELETE /api/workspaces/:workspaceId/members/:userId",
      expected: MANAGERS(204),
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/members/${f.teammateId}` }),
    },
    // Invitations
    {
      route: "GET /api/workspaces/:workspaceId/invitations",
      expected: MANAGERS(200),
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/invitations` }),
    },
    {
      route: "POST /api/workspaces/:workspaceId/invitations",
      expected: MANAGERS(201),
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/invitations`,
        payload: { email: `new-${randomBytes(4).toString("hex")}@example.com` },
      }),
    },
    {
      route: "DELETE /api/workspaces/:workspaceId/invitations/:invitationId",
      expected: MANAGERS(204),
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/invitations/${f.invitationId}` }),
    },
    // Properties and the connect flow
    {
      route: "GET /api/workspaces/:workspaceId/data-sources",
      expected: ALL,
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/data-sources` }),
    },
    {
      route: "GET /api/data-sources/:dataSourceId",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}` }),
    },
    {
      route: "GET /api/data-sources/:dataSourceId/scan-schedule",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/scan-schedule` }),
    },
    {
      route: "PUT /api/data-sources/:dataSourceId/scan-schedule",
      property: true,
      expected: ALL,
      request: (f) => ({
        url: `/api/data-sources/${f.dataSourceId}/scan-schedule`,
        payload: { frequency: null },
      }),
    },
    {
      route: "DELETE /api/data-sources/:dataSourceId",
      property: true,
      expected: [204, 204, 204],
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}` }),
    },
    {
      route: "POST /api/oauth/google/init",
      expected: ALL,
      restricted: 403,
      request: (f) => ({ url: "/api/oauth/google/init", payload: { workspaceId: f.workspaceId } }),
    },
    {
      route: "POST /api/oauth/google/init",
      property: true,
      expected: ALL,
      request: (f) => ({
        url: "/api/oauth/google/init",
        payload: { workspaceId: f.workspaceId, dataSourceId: f.dataSourceId },
      }),
    },
    {
      route: "GET /api/oauth/google/connections/:connectionId",
      expected: ALL,
      request: async (f, actor) => ({
        url: `/api/oauth/google/connections/${await connectionFor(f, actor)}`,
      }),
    },
    {
      route: "POST /api/data-sources",
      expected: [201, 201, 201],
      restricted: 403,
      request: async (f, actor) => ({
        url: "/api/data-sources",
        payload: {
          connectionId: await connectionFor(f, actor),
          property: emulatorProperty(emulator, "well-run-store").property,
        },
      }),
    },
    // Audits, issues and exports
    {
      route: "POST /api/data-sources/:dataSourceId/audits",
      property: true,
      expected: [202, 202, 202],
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/audits`, payload: {} }),
    },
    {
      route: "GET /api/data-sources/:dataSourceId/scans",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/scans` }),
    },
    {
      route: "GET /api/scans/:scanId",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/scans/${f.scanId}` }),
    },
    {
      route: "GET /api/data-sources/:dataSourceId/issues",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/issues` }),
    },
    {
      route: "GET /api/data-sources/:dataSourceId/trends",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/trends` }),
    },
    {
      route: "GET /api/data-sources/:dataSourceId/history-window",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/history-window` }),
    },
    {
      route: "POST /api/issues/:issueId/mute",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/issues/${f.issueId}/mute`, payload: { reason: "Seasonal" } }),
    },
    {
      route: "POST /api/issues/:issueId/resolve",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/issues/${f.issueId}/resolve`, payload: {} }),
    },
    {
      route: "POST /api/issues/:issueId/unmute",
      property: true,
      expected: ALL,
      request: async (f) => {
        await setIssueStatus(f.issueId, "muted");
        return { url: `/api/issues/${f.issueId}/unmute`, payload: {} };
      },
    },
    {
      route: "POST /api/issues/:issueId/reopen",
      property: true,
      expected: ALL,
      request: async (f) => {
        await setIssueStatus(f.issueId, "resolved");
        return { url: `/api/issues/${f.issueId}/reopen`, payload: {} };
      },
    },
    {
      route: "GET /api/data-sources/:dataSourceId/issue-counts",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/issue-counts` }),
    },
    {
      route: "GET /api/issues/:issueId/export.csv",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/issues/${f.issueId}/export.csv` }),
    },
    {
      route: "GET /api/scans/:scanId/export.csv",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/scans/${f.scanId}/export.csv` }),
    },
    // Alert rules: every member role (spec §6, issue 7)
    {
      route: "GET /api/workspaces/:workspaceId/alert-rules",
      expected: ALL,
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/alert-rules` }),
    },
    {
      route: "POST /api/workspaces/:workspaceId/alert-rules",
      property: true,
      expected: [201, 201, 201],
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/alert-rules`,
        payload: { destination: "team@example.com", dataSourceId: f.dataSourceId },
      }),
    },
    {
      route: "PUT /api/alert-rules/:alertRuleId",
      property: true,
      expected: ALL,
      request: (f) => ({
        url: `/api/alert-rules/${f.alertRuleId}`,
        payload: {
          destination: "other@example.com",
          triggerCondition: "new_critical_issue",
          dataSourceId: f.dataSourceId,
        },
      }),
    },
    {
      route: "PATCH /api/alert-rules/:alertRuleId",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/alert-rules/${f.alertRuleId}`, payload: { isActive: false } }),
    },
    {
      route: "DELETE /api/alert-rules/:alertRuleId",
      property: true,
      expected: [204, 204, 204],
      request: (f) => ({ url: `/api/alert-rules/${f.alertRuleId}` }),
    },
    {
      route: "POST /api/alert-rules/:alertRuleId/test",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/alert-rules/${f.alertRuleId}/test`, payload: {} }),
    },
    {
      route: "GET /api/alert-rules/:alertRuleId/deliveries",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/alert-rules/${f.alertRuleId}/deliveries` }),
    },
    {
      route: "POST /api/alert-rules/:alertRuleId/signing-secret",
      property: true,
      expected: ALL,
      request: async (f) => {
        const rule = await insertAlertRule(app.database.db, {
          workspaceId: f.workspaceId,
          dataSourceId: f.dataSourceId,
          alertType: "webhook",
          notificationConfig: { webhook_url: "https://hooks.example.com/utmost" },
        });
        return { url: `/api/alert-rules/${rule.id}/signing-secret`, payload: {} };
      },
    },
    // API keys: credentials to the whole workspace, owners and admins only (ADR 012)
    {
      route: "GET /api/workspaces/:workspaceId/api-keys",
      expected: MANAGERS(200),
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/api-keys` }),
    },
    {
      route: "POST /api/workspaces/:workspaceId/api-keys",
      expected: MANAGERS(201),
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/api-keys`,
        payload: { name: "CI" },
      }),
    },
    {
      route: "DELETE /api/api-keys/:apiKeyId",
      expected: MANAGERS(204),
      request: async (f) => {
        const created = await app.server.inject({
          method: "POST",
          url: `/api/workspaces/${f.workspaceId}/api-keys`,
          headers: { cookie: actors.owner.cookie },
          payload: { name: "To revoke" },
        });
        return { url: `/api/api-keys/${created.json().apiKey.id}` };
      },
    },
    // Naming conventions: every member reads them, owners and admins set them (ADR 012)
    {
      route: "GET /api/workspaces/:workspaceId/conventions",
      expected: ALL,
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/conventions` }),
    },
    {
      route: "PUT /api/workspaces/:workspaceId/conventions",
      expected: MANAGERS(200),
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/conventions`,
        payload: { medium: { allowed: ["cpc", "email"] } },
      }),
    },
    // Link builder: every member makes links; another's link is deleted by owners and admins
    {
      route: "GET /api/workspaces/:workspaceId/links",
      expected: ALL,
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/links` }),
    },
    {
      route: "POST /api/workspaces/:workspaceId/links",
      expected: [201, 201, 201],
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/links`,
        payload: {
          baseUrl: "https://www.example.com/",
          utmSource: "google",
          utmMedium: "cpc",
          utmCampaign: "brand",
        },
      }),
    },
    {
      route: "DELETE /api/links/:linkId",
      expected: MANAGERS(204),
      request: async (f) => {
        const created = await app.server.inject({
          method: "POST",
          url: `/api/workspaces/${f.workspaceId}/links`,
          headers: { cookie: actors.owner.cookie },
          payload: {
            baseUrl: "https://www.example.com/",
            utmSource: "google",
            utmMedium: "cpc",
            utmCampaign: "brand",
          },
        });
        return { url: `/api/links/${created.json().link.id}` };
      },
    },
    // White-label reports: every member reads the branding and makes reports; owners and admins
    // brand them (ADR 012)
    {
      route: "GET /api/workspaces/:workspaceId/branding",
      expected: ALL,
      request: (f) => ({ url: `/api/workspaces/${f.workspaceId}/branding` }),
    },
    {
      route: "PUT /api/workspaces/:workspaceId/branding",
      expected: MANAGERS(200),
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/branding`,
        payload: { displayName: "Northwind Digital", brandColor: "#0f766e" },
      }),
    },
    {
      route: "PUT /api/workspaces/:workspaceId/branding/logo",
      expected: MANAGERS(200),
      request: (f) => ({
        url: `/api/workspaces/${f.workspaceId}/branding/logo`,
        payload: { dataUrl: dataUrl(tinyPng()) },
      }),
    },
    {
      route: "GET /api/workspaces/:workspaceId/branding/logo",
      expected: ALL,
      request: async (f) => {
        await insertBrandingWithLogo(f.workspaceId);
        return { url: `/api/workspaces/${f.workspaceId}/branding/logo` };
      },
    },
    {
      route: "DELETE /api/workspaces/:workspaceId/branding/logo",
      expected: MANAGERS(204),
      request: async (f) => {
        await insertBrandingWithLogo(f.workspaceId);
        return { url: `/api/workspaces/${f.workspaceId}/branding/logo` };
      },
    },
    {
      route: "POST /api/data-sources/:dataSourceId/reports",
      property: true,
      expected: [202, 202, 202],
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/reports`, payload: {} }),
    },
    {
      route: "GET /api/data-sources/:dataSourceId/reports",
      property: true,
      expected: ALL,
      request: (f) => ({ url: `/api/data-sources/${f.dataSourceId}/reports` }),
    },
    {
      route: "GET /api/reports/:reportId",
      property: true,
      expected: ALL,
      request: async (f) => ({ url: `/api/reports/${await insertReadyReport(f)}` }),
    },
    {
      route: "GET /api/reports/:reportId/download",
      property: true,
      expected: ALL,
      request: async (f) => ({ url: `/api/reports/${await insertReadyReport(f)}/download` }),
    },
  ];

  async function insertBrandingWithLogo(workspaceId: string) {
    await app.database.db.insert(workspaceBranding).values({
      workspaceId,
      displayName: "Northwind Digital",
      brandColor: "#0f766e",
      logo: tinyPng(),
      logoContentType: "image/png",
    });
  }

  async function insertReadyReport(f: Fixture): Promise<string> {
    const [row] = await app.database.db
      .insert(reportExports)
      .values({
        dataSourceId: f.dataSourceId,
        scanId: f.scanId,
        status: "ready",
        fileName: "northwind-digital-property-2026-11-24.pdf",
        content: Buffer.from("%PDF-1.7\n"),
        sizeBytes: 9,
        completedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error("report insert returned no row");
    return row.id;
  }

  it("covers every route that acts on a workspace or on what it holds (every route not public, about the caller's own account, or the API key's)", () => {
    const scoped = app.routes
      .filter(isWorkspaceRoute)
      .map((route) => `${route.method} ${route.url}`);
    expect([...new Set(cases.map((c) => c.route))].sort()).toEqual([...new Set(scoped)].sort());
  });

  it.each(cases.map((c, index) => [`${index + 1}. ${c.route}`, c] as const))(
    "%s",
    async (_label, testCase) => {
      const [method] = testCase.route.split(" ") as [Method];
      const member = testCase.expected[2];
      const expected: Record<string, number> = {
        owner: testCase.expected[0],
        admin: testCase.expected[1],
        member,
        restricted: testCase.restricted ?? (testCase.property ? 404 : member),
        ...(testCase.property ? { "restricted, on the granted property": member } : {}),
        outsider: 404,
      };
      const runs = [
        ...(["owner", "admin", "member", "restricted", "outsider"] as const).map((name) => ({
          label: name as string,
          actor: actors[name],
          granted: false,
        })),
        ...(testCase.property
          ? [
              {
                label: "restricted, on the granted property",
                actor: actors.restricted,
                granted: true,
              },
            ]
          : []),
      ];
      const actual: Record<string, number> = {};
      for (const run of runs) {
        const { granted, ...rest } = await fixture();
        const f = run.granted ? { ...rest, ...granted } : rest;
        const { url, payload } = await testCase.request(f, run.actor);
        const response = await app.server.inject({
          method,
          url,
          headers: { cookie: run.actor.cookie },
          ...(payload ? { payload } : {}),
        });
        actual[run.label] = response.statusCode;
        if (response.statusCode === 404) expect(response.json().error.code).toBe("NOT_FOUND");
        if (response.statusCode === 403) {
          expect(response.json().error).toMatchObject({
            code: "FORBIDDEN",
            message: expect.stringMatching(
              run.actor.name === "restricted" && testCase.restricted === 403
                ? /^Your access is limited to chosen properties/
                : /^Only the workspace owner/,
            ),
          });
        }
      }
      expect(actual).toEqual(expected);
    },
  );
});
