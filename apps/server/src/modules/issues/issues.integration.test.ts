import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditScans, utmIssues } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { signUp } from "../../test/test-app.ts";
import {
  type ConnectTestApp,
  createConnectTestApp,
  firstWorkspace,
} from "../google-connect/google-connect.testing.ts";
import {
  daysAgo,
  GUIDE,
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "./issues.testing.ts";

describe.each(testDatabaseKinds())("issues on %s", (kind) => {
  let app: ConnectTestApp;
  beforeAll(async () => {
    app = await createConnectTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  async function propertyOfNewUser() {
    const user = await signUp(app);
    const workspaceId = await firstWorkspace(app, user.cookie);
    const property = await insertDataSource(db(), { workspaceId });
    return { ...user, property };
  }

  function list(cookie: string, dataSourceId: string, query = "") {
    return app.server.inject({
      method: "GET",
      url: `/api/data-sources/${dataSourceId}/issues${query}`,
      headers: { cookie },
    });
  }

  function act(
    cookie: string,
    issueId: string,
    action: "mute" | "resolve" | "unmute" | "reopen",
    payload?: object,
  ) {
    return app.server.inject({
      method: "POST",
      url: `/api/issues/${issueId}/${action}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
  }

  it("lists by severity, then newest first detection, with the guide in camelCase", async () => {
    const { cookie, property } = await propertyOfNewUser();
    const at = (days: number) => ({ firstDetectedAt: daysAgo(days), lastDetectedAt: daysAgo(1) });
    const info = await insertIssue(db(), { dataSourceId: property.id, severity: "info", ...at(1) });
    const oldCritical = await insertIssue(db(), {
      dataSourceId: property.id,
      severity: "critical",
      ...at(20),
    });
    const newCritical = await insertIssue(db(), {
      dataSourceId: property.id,
      severity: "critical",
      ...at(2),
    });
    const warning = await insertIssue(db(), {
      dataSourceId: property.id,
      severity: "warning",
      status: "resolved",
      resolvedAt: daysAgo(1),
      ...at(3),
    });

    const response = await list(cookie, property.id);
    expect(response.statusCode).toBe(200);
    const issues = response.json().issues;
    expect(issues.map((issue: { id: string }) => issue.id)).toEqual([
      newCritical.id,
      oldCritical.id,
      warning.id,
      info.id,
    ]);
    expect(issues[0]).toEqual({
      id: newCritical.id,
      dataSourceId: property.id,
      issueType: "case-inconsistency",
      title: newCritical.title,
      description: "Campaign names differ only by case.",
      severity: "critical",
      status: "active",
      affectedSessionsCount: 120,
      values: ["Spring_Sale", "spring_sale"],
      examples: [{ values: { sessionCampaignName: "Spring_Sale" }, sessions: 80 }],
      alsoFound: [],
      firstDetectedAt: newCritical.firstDetectedAt.toISOString(),
      lastDetectedAt: newCritical.lastDetectedAt.toISOString(),
      mutedAt: null,
      mutedByUserId: null,
      muteReason: null,
      resolvedAt: null,
      reopened: false,
      foundByLatestAudit: false,
      resolutionGuide: {
        whyItMatters: GUIDE.why_it_matters,
        howToFix: GUIDE.how_to_fix,
        exampleWrong: GUIDE.example_wrong,
        exampleCorrect: GUIDE.example_correct,
        ga4DocumentationUrl: GUIDE.ga4_documentation_url,
      },
    });
    expect(issues[2].status).toBe("resolved");
  });

  it("filters by last detection and hides muted issues unless asked", async () => {
    const { cookie, userId, property } = await propertyOfNewUser();
    // Agency keeps every scan, so only the date range decides (history windows: ADR 023).
    await setPlan(db(), userId, "agency");
    const recent = await insertIssue(db(), {
      dataSourceId: property.id,
      lastDetectedAt: daysAgo(2),
    });
    const month = await insertIssue(db(), {
      dataSourceId: property.id,
      lastDetectedAt: daysAgo(20),
    });
    const old = await insertIssue(db(), {
      dataSourceId: property.id,
      firstDetectedAt: daysAgo(200),
      lastDetectedAt: daysAgo(120),
    });
    const muted = await insertIssue(db(), {
      dataSourceId: property.id,
      status: "muted",
      lastDetectedAt: daysAgo(1),
    });
    const ids = async (query: string) => {
      const response = await list(cookie, property.id, query);
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .issues.map((issue: { id: string }) => issue.id)
        .sort();
    };
    expect(await ids("")).toEqual([recent.id, month.id, old.id].sort());
    expect(await ids("?days=7")).toEqual([recent.id]);
    expect(await ids("?days=30")).toEqual([recent.id, month.id].sort());
    expect(await ids("?days=90")).toEqual([recent.id, month.id].sort());
    expect(await ids("?days=7&includeMuted=true")).toEqual([recent.id, muted.id].sort());
    expect(await ids("?includeMuted=false")).toEqual([recent.id, month.id, old.id].sort());

    const bad = await list(cookie, property.id, "?days=14");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("mutes an active issue with a reason, and only an active one", async () => {
    const { cookie, userId, property } = await propertyOfNewUser();
    const issue = await insertIssue(db(), { dataSourceId: property.id });

    for (const payload of [{}, { reason: "   " }]) {
      const refused = await act(cookie, issue.id, "mute", payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: "A reason is required",
      });
    }

    const muted = await act(cookie, issue.id, "mute", { reason: "  Internal test campaign  " });
    expect(muted.statusCode).toBe(200);
    expect(muted.json().issue).toMatchObject({
      id: issue.id,
      status: "muted",
      mutedByUserId: userId,
      muteReason: "Internal test campaign",
      resolvedAt: null,
    });
    expect(Date.parse(muted.json().issue.mutedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(cookie, property.id)).json().issues).toEqual([]);

    const again = await act(cookie, issue.id, "mute", { reason: "again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "ISSUE_NOT_ACTIVE",
      message: "Only an active issue can be muted",
    });
    const resolveMuted = await act(cookie, issue.id, "resolve");
    expect(resolveMuted.statusCode).toBe(409);
    expect(resolveMuted.json().error.code).toBe("ISSUE_NOT_ACTIVE");
    const [row] = await db().select().from(utmIssues).where(eq(utmIssues.id, issue.id));
    expect(row?.muteReason).toBe("Internal test campaign");
  });

  it("resolves an active issue, and only an active one", async () => {
    const { cookie, userId, property } = await propertyOfNewUser();
    const issue = await insertIssue(db(), { dataSourceId: property.id });
    const resolved = await act(cookie, issue.id, "resolve");
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().issue).toMatchObject({ status: "resolved", mutedAt: null });
    expect(Date.parse(resolved.json().issue.resolvedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await db().select().from(utmIssues).where(eq(utmIssues.id, issue.id));
    expect(row?.resolvedByUserId).toBe(userId);

    expect((await act(cookie, issue.id, "resolve")).statusCode).toBe(409);
    expect((await act(cookie, issue.id, "mute", { reason: "noise" })).statusCode).toBe(409);
  });

  it("answers 404 for another workspace's issue and leaves it as it was", async () => {
    const owner = await propertyOfNewUser();
    const stranger = await propertyOfNewUser();
    const issue = await insertIssue(db(), { dataSourceId: owner.property.id });
    expect((await list(stranger.cookie, owner.property.id)).statusCode).toBe(404);
    const mute = await act(stranger.cookie, issue.id, "mute", { reason: "not mine" });
    expect(mute.statusCode).toBe(404);
    expect(mute.json().error).toEqual({ code: "NOT_FOUND", message: "Issue not found" });
    expect((await act(stranger.cookie, issue.id, "resolve")).statusCode).toBe(404);
    const [row] = await db().select().from(utmIssues).where(eq(utmIssues.id, issue.id));
    expect(row?.status).toBe("active");
  });

  function counts(cookie: string, dataSourceId: string) {
    return app.server.inject({
      method: "GET",
      url: `/api/data-sources/${dataSourceId}/issue-counts`,
      headers: { cookie },
    });
  }

  /** A completed scan that found the issues, with its checks' outcomes in its report. */
  async function scanFinding(
    dataSourceId: string,
    issues: { id: string }[],
    checks: string[] = ["passed", "passed", "failed", "skipped"],
  ) {
    const scan = await insertScan(db(), {
      dataSourceId,
      criticalIssuesCount: 99,
      warningIssuesCount: 99,
      passedChecksCount: 99,
      report: { checks: checks.map((status, index) => ({ id: `check-${index}`, status })) },
    });
    for (const issue of issues) {
      await insertOccurrence(db(), { issueId: issue.id, scanId: scan.id });
      await db().update(utmIssues).set({ lastScanId: scan.id }).where(eq(utmIssues.id, issue.id));
    }
    return scan;
  }

  it("lists by status: active, muted or resolved", async () => {
    const { cookie, property } = await propertyOfNewUser();
    const active = await insertIssue(db(), { dataSourceId: property.id });
    const muted = await insertIssue(db(), {
      dataSourceId: property.id,
      status: "muted",
      mutedAt: daysAgo(1),
      muteReason: "noise",
    });
    const resolved = await insertIssue(db(), {
      dataSourceId: property.id,
      status: "resolved",
      resolvedAt: daysAgo(1),
    });
    const ids = async (query: string) => {
      const response = await list(cookie, property.id, query);
      expect(response.statusCode).toBe(200);
      return response.json().issues.map((issue: { id: string }) => issue.id);
    };
    expect(await ids("?status=active")).toEqual([active.id]);
    expect(await ids("?status=muted")).toEqual([muted.id]);
    expect(await ids("?status=resolved")).toEqual([resolved.id]);
    const bad = await list(cookie, property.id, "?status=gone");
    expect(bad.statusCode).toBe(400);
  });

  it("unmutes a muted issue and reopens a resolved one, and only those", async () => {
    const { cookie, property } = await propertyOfNewUser();
    const issue = await insertIssue(db(), { dataSourceId: property.id, severity: "critical" });
    await scanFinding(property.id, [issue]);

    expect((await act(cookie, issue.id, "unmute")).statusCode).toBe(409);
    expect((await act(cookie, issue.id, "reopen")).statusCode).toBe(409);

    expect((await act(cookie, issue.id, "mute", { reason: "a test campaign" })).statusCode).toBe(
      200,
    );
    expect((await counts(cookie, property.id)).json().counts).toMatchObject({
      critical: 0,
      muted: 1,
    });
    const unmuted = await act(cookie, issue.id, "unmute");
    expect(unmuted.statusCode).toBe(200);
    expect(unmuted.json().issue).toMatchObject({
      status: "active",
      mutedAt: null,
      muteReason: null,
      foundByLatestAudit: true,
    });
    expect((await counts(cookie, property.id)).json().counts).toMatchObject({
      critical: 1,
      muted: 0,
    });

    expect((await act(cookie, issue.id, "resolve")).statusCode).toBe(200);
    const reopened = await act(cookie, issue.id, "reopen");
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().issue).toMatchObject({ status: "active", resolvedAt: null });
    const [row] = await db().select().from(utmIssues).where(eq(utmIssues.id, issue.id));
    expect(row).toMatchObject({ status: "active", resolvedAt: null, resolvedByUserId: null });
  });

  it("answers 404 to unmute or reopen another workspace's issue", async () => {
    const owner = await propertyOfNewUser();
    const stranger = await propertyOfNewUser();
    const muted = await insertIssue(db(), { dataSourceId: owner.property.id, status: "muted" });
    const resolved = await insertIssue(db(), {
      dataSourceId: owner.property.id,
      status: "resolved",
    });
    expect((await act(stranger.cookie, muted.id, "unmute")).statusCode).toBe(404);
    expect((await act(stranger.cookie, resolved.id, "reopen")).statusCode).toBe(404);
    expect((await counts(stranger.cookie, owner.property.id)).statusCode).toBe(404);
    const rows = await db()
      .select()
      .from(utmIssues)
      .where(eq(utmIssues.dataSourceId, owner.property.id));
    expect(rows.map((row) => row.status).sort()).toEqual(["muted", "resolved"]);
  });

  it("counts the latest audit's active issues by severity, and keeps the scan's columns equal", async () => {
    const { cookie, property } = await propertyOfNewUser();
    expect((await counts(cookie, property.id)).json()).toEqual({ scanId: null, counts: null });

    const stale = await insertIssue(db(), { dataSourceId: property.id, severity: "critical" });
    await scanFinding(property.id, [stale], ["passed"]);
    const critical = await insertIssue(db(), { dataSourceId: property.id, severity: "critical" });
    const reopened = await insertIssue(db(), {
      dataSourceId: property.id,
      severity: "warning",
      reopenedAt: daysAgo(0),
    });
    const info = await insertIssue(db(), { dataSourceId: property.id, severity: "info" });
    const muted = await insertIssue(db(), {
      dataSourceId: property.id,
      severity: "warning",
      status: "muted",
    });
    const latest = await scanFinding(property.id, [critical, reopened, info, muted]);

    const response = await counts(cookie, property.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      scanId: latest.id,
      counts: {
        critical: 1,
        warning: 1,
        info: 1,
        active: 3,
        reopened: 1,
        muted: 1,
        resolved: 0,
        passedChecks: 2,
        checksRun: 3,
        checksSkipped: 1,
        checksTotal: 4,
      },
    });

    // The list marks what the latest audit found, and the re-opened issue.
    const listed = (await list(cookie, property.id, "?includeMuted=true")).json().issues;
    const byId = new Map(listed.map((issue: { id: string }) => [issue.id, issue]));
    expect(byId.get(stale.id)).toMatchObject({ foundByLatestAudit: false, reopened: false });
    expect(byId.get(reopened.id)).toMatchObject({ foundByLatestAudit: true, reopened: true });

    // Another property's audit finishing later is not this property's latest audit.
    const other = await propertyOfNewUser();
    await scanFinding(other.property.id, []);
    const again = (await list(cookie, property.id, "?includeMuted=true")).json().issues;
    expect(
      again.filter((issue: { foundByLatestAudit: boolean }) => issue.foundByLatestAudit).length,
    ).toBe(4);

    // A status change brings the scan's columns, which the dashboard reads, in step.
    expect((await act(cookie, info.id, "resolve")).statusCode).toBe(200);
    expect((await act(cookie, critical.id, "mute", { reason: "known" })).statusCode).toBe(200);
    const [scan] = await db().select().from(auditScans).where(eq(auditScans.id, latest.id));
    expect(scan).toMatchObject({
      criticalIssuesCount: 0,
      warningIssuesCount: 1,
      passedChecksCount: 2,
    });
  });
});
