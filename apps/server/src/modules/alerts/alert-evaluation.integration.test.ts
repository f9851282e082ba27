import { randomUUID } from "node:crypto";
import type { AlertWebhookBody } from "@utmost/contracts";
import { healthGrade } from "@utmost/engine";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { alertDeliveries, alertEvents, alertRules, utmIssues } from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { muteIfActive, resolveIfActive } from "../issues/issues.repository.ts";
import { insertDataSource, issueRecord } from "../issues/issues.testing.ts";
import type { IssueRecord } from "../scans/scan-issues.ts";
import { completeScan, insertRunningScan } from "../scans/scans.repository.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import { addMember } from "../workspaces/workspaces.testing.ts";
import { type EvaluationDeps, evaluateScanAlerts, sendDigests } from "./alert-evaluation.ts";
import { alertsAfterScan } from "./alerts.job.ts";
import { insertAlertRule } from "./alerts.testing.ts";

/**
 * What a completed scan raises (issue 7, ADR 010), on a fixed clock: threshold crossings, new and
 * re-opened issues, scope, the switch, one alert per rule and scan, digests, and the channels the
 * workspace owner's plan sells.
 */

const T0 = new Date("2026-11-16T06:00:00Z");
const hours = (count: number) => new Date(T0.getTime() + count * 3_600_000);

describe.each(testDatabaseKinds())("alert evaluation on %s", (kind) => {
  let app: QueueTestApp;
  let clock = T0;
  const queued: string[] = [];
  const info = vi.fn();
  let deps: EvaluationDeps;

  beforeAll(async () => {
    app = await createTestApp(kind);
    deps = {
      db: app.database.db,
      appUrl: app.config.appUrl,
      now: () => clock,
      enqueueDelivery: async (_tx, deliveryId) => {
        queued.push(deliveryId);
      },
      logger: { info },
    };
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A property of a team workspace whose owner pays for Team, which sells every channel. */
  async function newProperty() {
    const user = await signUp(app);
    await setPlan(app.database.db, user.userId, "advanced");
    const workspace = await createWithOwner(app.database.db, {
      name: "Acme",
      type: "team",
      ownerId: user.userId,
    });
    const dataSource = await insertDataSource(app.database.db, { workspaceId: workspace.id });
    return { workspaceId: workspace.id, dataSourceId: dataSource.id, ownerId: user.userId };
  }

  const issue = issueRecord;

  /** A scan stored the way the worker stores one, then evaluated. */
  async function scan(dataSourceId: string, score: number, issues: IssueRecord[] = []) {
    const id = randomUUID();
    await insertRunningScan(app.database.db, {
      id,
      dataSourceId,
      scanType: "scheduled",
      requestedByUserId: null,
    });
    const stored = await completeScan(app.database.db, {
      scanId: id,
      dataSourceId,
      scan: {
        healthScore: score,
        healthGrade: healthGrade(score),
        criticalIssuesCount: issues.filter((i) => i.severity === "critical").length,
        warningIssuesCount: issues.filter((i) => i.severity === "warning").length,
        passedChecksCount: 12,
        report: null,
        rowsFetched: 1000,
        apiCallsMade: 3,
        isChunkedScan: false,
        chunkSizeDays: null,
        isComplete: true,
        quotaLimitHit: false,
      },
      issues,
    });
    expect(stored).toBe(true);
    return id;
  }

  async function raisedBy(scanId: string, ruleId: string): Promise<boolean> {
    const { raised } = await evaluateScanAlerts(deps, scanId);
    const events = await app.database.db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.scanId, scanId));
    expect(events.length).toBeGreaterThanOrEqual(raised);
    return events.some((event) => event.alertRuleId === ruleId);
  }

  async function itemOf(scanId: string, ruleId: string) {
    const [event] = await app.database.db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.scanId, scanId));
    expect(event?.alertRuleId).toBe(ruleId);
    return event?.item as AlertWebhookBody["alerts"][number];
  }

  it("fires score_drops_below when the score crosses below, not while it stays below", async () => {
    const { workspaceId, dataSourceId } = await newProperty();
    const rule = await insertAlertRule(app.database.db, {
      workspaceId,
      triggerCondition: "score_drops_below",
      thresholdValue: 70,
    });
    const steps: [score: number, fires: boolean][] = [
      [80, false], // above
      [70, false], // at the threshold is not below
      [65, true], // crossed
      [60, false], // still below
      [69, false], // still below
      [75, false], // recovered
      [50, true], // crossed again
    ];
    for (const [score, fires] of steps) {
      expect(await raisedBy(await scan(dataSourceId, score), rule.id), `score ${score}`).toBe(
        fires,
      );
    }
  });

  it("fires once for a property whose first scan is below the threshold", async () => {
    const { workspaceId, dataSourceId } = await newProperty();
    const rule = await insertAlertRule(app.database.db, {
      workspaceId,
      triggerCondition: "score_drops_below",
      thresholdValue: 90,
    });
    const first = await scan(dataSourceId, 55);
    expect(await raisedBy(first, rule.id)).toBe(true);
    expect(await itemOf(first, rule.id)).toMatchObject({
      trigger: "score_drops_below",
      healthScore: 55,
      healthGrade: "F",
      previousHealthScore: null,
      thresholdValue: 90,
      reportUrl: `${app.config.appUrl}/data-sources/${dataSourceId}/health`,
    });
    expect(await raisedBy(await scan(dataSourceId, 54), rule.id)).toBe(false);
  });

  it("fires the new-issue triggers for issues first detected or re-opened in the scan", async () => {
    const { workspaceId, dataSourceId } = await newProperty();
    const db = app.database.db;
    const critical = await insertAlertRule(db, {
      workspaceId,
      triggerCondition: "new_critical_issue",
    });
    const warning = await insertAlertRule(db, {
      workspaceId,
      triggerCondition: "new_warning_issue",
    });
    const events = async (scanId: string) =>
      db
        .select()
        .from(alertEvents)
        .where(eq(alertEvents.scanId, scanId))
        .then((rows) =>
          Object.fromEntries(
            rows.map((row) => [
              row.alertRuleId === critical.id
                ? "critical"
                : row.alertRuleId === warning.id
                  ? "warning"
                  : "other",
              (row.item as AlertWebhookBody["alerts"][number]).issues.map((i) => [
                i.title,
                i.reopened,
              ]),
            ]),
          ),
        );

    const first = await scan(dataSourceId, 60, [
      issue("a", "critical"),
      issue("b", "warning"),
      issue("c", "info"),
    ]);
    await evaluateScanAlerts(deps, first);
    expect(await events(first)).toEqual({
      critical: [["Finding a", false]],
      warning: [["Finding b", false]],
    });

    // The same findings again: nothing new.
    const second = await scan(dataSourceId, 60, [issue("a", "critical"), issue("b", "warning")]);
    await evaluateScanAlerts(deps, second);
    expect(await events(second)).toEqual({});

    // Resolved, then found again: re-opened. Muted and found again: still muted, no alert.
    const user = await signUp(app);
    const [a, b] = await db
      .select()
      .from(utmIssues)
      .where(eq(utmIssues.dataSourceId, dataSourceId))
      .orderBy(asc(utmIssues.findingKey));
    if (!a || !b) throw new Error("issues missing");
    await resolveIfActive(db, a.id, user.userId);
    await muteIfActive(db, b.id, user.userId, "Known");
    const third = await scan(dataSourceId, 60, [
      issue("a", "critical"),
      issue("b", "warning"),
      issue("d", "warning"),
    ]);
    await evaluateScanAlerts(deps, third);
    expect(await events(third)).toEqual({
      critical: [["Finding a", true]],
      warning: [["Finding d", false]],
    });
  });

  it("fires scan_completed for every completed scan of the properties in scope", async () => {
    const { workspaceId, dataSourceId } = await newProperty();
    const other = await insertDataSource(app.database.db, { workspaceId });
    const all = await insertAlertRule(app.database.db, { workspaceId });
    const one = await insertAlertRule(app.database.db, { workspaceId, dataSourceId: other.id });
    const off = await insertAlertRule(app.database.db, { workspaceId, isActive: false });
    const elsewhere = await newProperty();
    const foreign = await insertAlertRule(app.database.db, { workspaceId: elsewhere.workspaceId });

    const scanId = await scan(dataSourceId, 95);
    expect(await raisedBy(scanId, all.id)).toBe(true);
    const rules = (
      await app.database.db.select().from(alertEvents).where(eq(alertEvents.scanId, scanId))
    ).map((event) => event.alertRuleId);
    expect(rules).toEqual([all.id]);
    expect(rules).not.toContain(one.id);
    expect(rules).not.toContain(off.id);
    expect(rules).not.toContain(foreign.id);

    const otherScan = await scan(other.id, 95);
    await evaluateScanAlerts(deps, otherScan);
    const otherRules = (
      await app.database.db.select().from(alertEvents).where(eq(alertEvents.scanId, otherScan))
    ).map((event) => event.alertRuleId);
    expect(otherRules.sort()).toEqual([all.id, one.id].sort());
  });

  it("raises one alert per rule and scan, however often the scan is evaluated", async () => {
    const { workspaceId, dataSourceId } = await newProperty();
    const rule = await insertAlertRule(app.database.db, { workspaceId, frequency: "realtime" });
    clock = hours(1);
    const scanId = await scan(dataSourceId, 88);
    const before = queued.length;
    expect(await evaluateScanAlerts(deps, scanId)).toEqual({ raised: 1 });
    expect(await evaluateScanAlerts(deps, scanId)).toEqual({ raised: 0 });
    expect(queued.length).toBe(before + 1);

    const deliveries = await app.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertRuleId, rule.id));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ kind: "realtime", status: "pending", alertCount: 1 });
    expect(deliveries[0]?.body).toMatchObject({
      version: "2026-11-01",
      event: "alert.triggered",
      workspace: { id: workspaceId, name: "Acme" },
      rule: { id: rule.id, triggerCondition: "scan_completed", frequency: "realtime" },
      alerts: [{ trigger: "scan_completed", scanId, healthScore: 88, healthGrade: "B+" }],
      dashboardUrl: `${app.config.appUrl}/dashboard`,
    });
    const [stored] = await app.database.db
      .select()
      .from(alertRules)
      .where(eq(alertRules.id, rule.id));
    expect(stored?.lastTriggeredAt).toEqual(hours(1));
  });

  it("collects daily and weekly alerts into one digest per rule, sent when its run comes", async () => {
    const { workspaceId, dataSourceId } = await newProperty();
    const db = app.database.db;
    const daily = await insertAlertRule(db, { workspaceId, frequency: "daily" });
    const weekly = await insertAlertRule(db, { workspaceId, frequency: "weekly" });
    const deliveriesOf = (ruleId: string) =>
      db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertRuleId, ruleId))
        .orderBy(asc(alertDeliveries.createdAt));

    clock = hours(10);
    await evaluateScanAlerts(deps, await scan(dataSourceId, 90));
    clock = hours(14);
    await evaluateScanAlerts(deps, await scan(dataSourceId, 80));
    expect(await deliveriesOf(daily.id)).toEqual([]);

    // The daily run: one digest with both alerts for the daily rule; the weekly rule waits.
    clock = hours(26);
    await sendDigests(deps, "daily");
    const [digest] = await deliveriesOf(daily.id);
    expect(digest).toMatchObject({ kind: "digest", alertCount: 2, status: "pending" });
    const body = digest?.body as AlertWebhookBody;
    expect(body.event).toBe("alert.digest");
    expect(body.alerts.map((alert) => alert.healthScore)).toEqual([90, 80]);
    expect(queued).toContain(digest?.id);
    expect(await deliveriesOf(weekly.id)).toEqual([]);

    // Raised after the run's cut-off: waits for the next run, which sends only it.
    clock = hours(30);
    await evaluateScanAlerts(deps, await scan(dataSourceId, 70));
    clock = hours(29);
    expect(await sendDigests(deps, "daily")).toBe(0);
    clock = hours(50);
    expect(await sendDigests(deps, "daily")).toBe(1);
    const dailies = await deliveriesOf(daily.id);
    expect(dailies.map((delivery) => delivery.alertCount)).toEqual([2, 1]);
    // Nothing waiting: no empty digest.
    expect(await sendDigests(deps, "daily")).toBe(0);

    // The weekly run sends the weekly rule its three alerts.
    expect(await sendDigests(deps, "weekly")).toBe(1);
    expect((await deliveriesOf(weekly.id)).map((delivery) => delivery.alertCount)).toEqual([3]);
  });

  it("drops the alerts waiting for a digest when the rule is switched off", async () => {
    const { workspaceId, dataSourceId } = await newProperty();
    const user = await signUp(app);
    await addMember(app.database.db, workspaceId, user.userId, "member");
    const rule = await insertAlertRule(app.database.db, { workspaceId, frequency: "daily" });
    clock = hours(100);
    await evaluateScanAlerts(deps, await scan(dataSourceId, 90));
    const off = await app.server.inject({
      method: "PATCH",
      url: `/api/alert-rules/${rule.id}`,
      headers: { cookie: user.cookie },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    await app.server.inject({
      method: "PATCH",
      url: `/api/alert-rules/${rule.id}`,
      headers: { cookie: user.cookie },
      payload: { isActive: true },
    });
    clock = hours(120);
    await sendDigests(deps, "daily");
    const deliveries = await app.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertRuleId, rule.id));
    expect(deliveries).toEqual([]);
  });

  it("raises nothing for a rule on a channel the owner's plan no longer sells, and logs it", async () => {
    const { workspaceId, dataSourceId, ownerId } = await newProperty();
    const db = app.database.db;
    const email = await insertAlertRule(db, { workspaceId });
    const slack = await insertAlertRule(db, {
      workspaceId,
      alertType: "slack",
      notificationConfig: { slack_webhook: "https://hooks.slack.com/services/T/B/x" },
    });
    // Team to Pro: email stays, Slack goes; the rule itself is kept.
    await setPlan(db, ownerId, "pro");
    clock = hours(200);
    info.mockClear();
    const scanId = await scan(dataSourceId, 90);
    expect(await evaluateScanAlerts(deps, scanId)).toEqual({ raised: 1 });
    const raised = await db.select().from(alertEvents).where(eq(alertEvents.scanId, scanId));
    expect(raised.map((event) => event.alertRuleId)).toEqual([email.id]);
    const [stored] = await db.select().from(alertRules).where(eq(alertRules.id, slack.id));
    expect(stored).toMatchObject({ isActive: true, lastTriggeredAt: null });
    expect(info).toHaveBeenCalledWith(
      { scanId, rules: [{ alertRuleId: slack.id, alertType: "slack", ownerTier: "pro" }] },
      "alerts not sent: the workspace owner's plan does not include their channel",
    );

    // Down to Free: no rule raises anything.
    await setPlan(db, ownerId, "free");
    expect(await evaluateScanAlerts(deps, await scan(dataSourceId, 80))).toEqual({ raised: 0 });
  });

  it("drops the digest alerts of a channel the owner's plan stopped selling while they waited", async () => {
    const { workspaceId, dataSourceId, ownerId } = await newProperty();
    const db = app.database.db;
    const rule = await insertAlertRule(db, {
      workspaceId,
      alertType: "slack",
      notificationConfig: { slack_webhook: "https://hooks.slack.com/services/T/B/x" },
      frequency: "weekly",
    });
    clock = hours(300);
    await evaluateScanAlerts(deps, await scan(dataSourceId, 90));
    await setPlan(db, ownerId, "free");
    info.mockClear();
    clock = hours(310);
    await sendDigests(deps, "weekly");
    const deliveries = await db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertRuleId, rule.id));
    expect(deliveries).toEqual([]);
    expect(await db.select().from(alertEvents).where(eq(alertEvents.alertRuleId, rule.id))).toEqual(
      [],
    );
    expect(info).toHaveBeenCalledWith(
      {
        digest: "weekly",
        rules: [{ alertRuleId: rule.id, alertType: "slack", ownerTier: "free" }],
      },
      "alerts not sent: the workspace owner's plan does not include their channel",
    );
  });

  it("never lets a failure to queue alerts reach the scan", async () => {
    const error = vi.fn();
    const broken = {
      boss: { send: async () => Promise.reject(new Error("database is gone")) },
    } as unknown as JobQueue;
    await expect(alertsAfterScan(broken, { error })(randomUUID())).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
  });
});
