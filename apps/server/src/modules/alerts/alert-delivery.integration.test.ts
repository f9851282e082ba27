import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { AlertDelivery, AlertRuleResponse, AlertWebhookBody } from "@utmost/contracts";
import { type RunningEmulator, startGoogleEmulator } from "@utmost/google-emulator";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertEvents } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { type SmtpInbox, startSmtp } from "../../test/smtp.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { insertDataSource, issueRecord } from "../issues/issues.testing.ts";
import { completeScan, insertRunningScan } from "../scans/scans.repository.ts";
import { connectEmulatorProperty } from "../scans/scans.testing.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import {
  ALERT_DELIVERY_DEAD_LETTER_QUEUE,
  ALERT_DIGEST_QUEUE,
  alertsAfterScan,
} from "./alerts.job.ts";
import { insertDelivery } from "./alerts.repository.ts";
import { confirmAlertRecipient } from "./alerts.testing.ts";
import {
  type HttpReceiver,
  startHttpReceiver,
  startSlackReceiver,
  waitFor,
} from "./receivers.testing.ts";
import { verifyWebhook } from "./webhook-signature.ts";

/**
 * Alerts delivered as jobs to real receivers on loopback (issue 7): an SMTP server, a
 * Slack-shaped endpoint and a generic webhook that verifies the signature. Retries are short
 * (1 s backoff, 2 retries) so a flaky and a dead receiver play out in seconds.
 */

const NOW = new Date("2026-11-16T06:00:00Z");

describe.each(testDatabaseKinds())("alert delivery on %s", (kind) => {
  let app: QueueTestApp;
  let smtp: SmtpInbox;
  let emulator: RunningEmulator;
  const receivers: HttpReceiver[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    emulator = await startGoogleEmulator({ now: () => NOW });
    app = await createTestApp(
      kind,
      { SMTP_URL: smtp.url, GOOGLE_EMULATOR_URL: emulator.url },
      {
        worker: {
          now: () => NOW,
          alerts: {
            deliveryRetry: { retryLimit: 2, retryDelaySeconds: 1, retryDelayMaxSeconds: 2 },
            deliveryTimeoutMs: 1000,
            scheduleDigests: false,
          },
        },
      },
    );
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await smtp?.close();
    await emulator?.close();
  });

  async function track(receiver: Promise<HttpReceiver>) {
    const started = await receiver;
    receivers.push(started);
    return started;
  }

  /** A team workspace whose owner pays for Team, which sells every channel. */
  async function newWorkspace() {
    const user = await signUp(app);
    await setPlan(app.database.db, user.userId, "advanced");
    const workspace = await createWithOwner(app.database.db, {
      name: "Acme Marketing",
      type: "team",
      ownerId: user.userId,
    });
    return { cookie: user.cookie, userId: user.userId, workspaceId: workspace.id };
  }

  async function createRule(cookie: string, workspaceId: string, payload: object) {
    const response = await app.server.inject({
      method: "POST",
      url: `/api/workspaces/${workspaceId}/alert-rules`,
      headers: { cookie },
      payload: { triggerCondition: "scan_completed", frequency: "realtime", ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as AlertRuleResponse;
  }

  async function deliveries(cookie: string, ruleId: string): Promise<AlertDelivery[]> {
    const response = await app.server.inject({
      method: "GET",
      url: `/api/alert-rules/${ruleId}/deliveries`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().deliveries;
  }

  function settled(cookie: string, ruleId: string) {
    return waitFor(async () => {
      const [latest] = await deliveries(cookie, ruleId);
      return latest && (latest.status === "delivered" || latest.status === "failed")
        ? latest
        : undefined;
    });
  }

  /** A completed scan of a new property, with its alerts queued the way the scan worker does. */
  async function completedScan(workspaceId: string, score = 88) {
    const dataSource = await insertDataSource(app.database.db, { workspaceId, name: "Shop" });
    const scanId = randomUUID();
    await insertRunningScan(app.database.db, {
      id: scanId,
      dataSourceId: dataSource.id,
      scanType: "scheduled",
      requestedByUserId: null,
    });
    await completeScan(app.database.db, {
      scanId,
      dataSourceId: dataSource.id,
      scan: {
        healthScore: score,
        healthGrade: "B+",
        criticalIssuesCount: 1,
        warningIssuesCount: 4,
        passedChecksCount: 11,
        report: null,
        rowsFetched: 10,
        apiCallsMade: 3,
        isChunkedScan: false,
        chunkSizeDays: null,
        isComplete: true,
        quotaLimitHit: false,
      },
      // The scan's counts follow the counts model, so the findings are what make them 1 and 4.
      issues: [
        issueRecord("a", "critical"),
        ...["b", "c", "d", "e"].map((key) => issueRecord(key, "warning")),
      ],
    });
    await alertsAfterScan(app.jobs, app.server.log)(scanId);
    return { dataSourceId: dataSource.id, scanId };
  }

  /** A webhook endpoint that checks X-Utmost-Signature with the rule's secret (401 if wrong). */
  function signedReceiver(secret: () => string | null) {
    return startHttpReceiver((request) => {
      const key = secret();
      const valid =
        key !== null &&
        verifyWebhook({
          secret: key,
          timestamp: String(request.headers["x-utmost-timestamp"]),
          body: request.body,
          signature: String(request.headers["x-utmost-signature"]),
          nowSeconds: Math.floor(Date.now() / 1000),
        });
      return valid ? { status: 204 } : { status: 401, body: "bad signature" };
    });
  }

  it("delivers a scan's alert by mail, to Slack and to a signed webhook", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const slack = await track(startSlackReceiver());
    let secret: string | null = null;
    const webhook = await track(signedReceiver(() => secret));
    const address = `alerts-${Date.now()}@example.com`;
    await confirmAlertRecipient(app.database.db, workspaceId, address);
    const email = await createRule(cookie, workspaceId, { destination: address });
    const slackRule = await createRule(cookie, workspaceId, {
      alertType: "slack",
      destination: slack.url,
    });
    const webhookRule = await createRule(cookie, workspaceId, {
      alertType: "webhook",
      destination: webhook.url,
    });
    secret = webhookRule.signingSecret;

    const { dataSourceId, scanId } = await completedScan(workspaceId);
    const reportUrl = `${app.config.appUrl}/data-sources/${dataSourceId}/health`;
    for (const rule of [email, slackRule, webhookRule]) {
      expect(await settled(cookie, rule.alertRule.id)).toMatchObject({
        kind: "realtime",
        status: "delivered",
        attempts: 1,
        lastError: null,
      });
    }

    const mail = smtp.inbox.find((message) => message.to.includes(address));
    expect(mail?.raw).toContain(
      "Subject: Utmost alert: Shop: audit completed with health score 88",
    );
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);

    const slackMessage = JSON.parse(slack.requests[0]?.body ?? "{}");
    expect(slackMessage.text).toBe("Utmost alert: Shop: audit completed with health score 88");
    expect(JSON.stringify(slackMessage.blocks)).toContain("*Health score*\\n88");
    expect(JSON.stringify(slackMessage.blocks)).toContain("*Grade*\\nB+");
    expect(JSON.stringify(slackMessage.blocks)).toContain("*Critical issues*\\n1");
    expect(JSON.stringify(slackMessage.blocks)).toContain("*Warnings*\\n4");
    expect(JSON.stringify(slackMessage.blocks)).toContain(reportUrl);

    expect(webhook.accepted()).toHaveLength(1);
    const request = webhook.requests[0];
    const body = JSON.parse(request?.body ?? "{}") as AlertWebhookBody;
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["x-utmost-delivery"]).toBe(body.deliveryId);
    expect(body).toMatchObject({
      version: "2026-11-01",
      event: "alert.triggered",
      workspace: { id: workspaceId, name: "Acme Marketing" },
      rule: { id: webhookRule.alertRule.id, alertType: "webhook" },
      alerts: [{ trigger: "scan_completed", scanId, healthScore: 88, reportUrl }],
    });

    const list = await app.server.inject({
      method: "GET",
      url: `/api/workspaces/${workspaceId}/alert-rules`,
      headers: { cookie },
    });
    for (const rule of list.json().alertRules) expect(rule.lastTriggeredAt).not.toBeNull();
  });

  it("gives a receiver that fails twice, then succeeds, exactly one delivery", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const statuses = [500, 503, 200];
    const flaky = await track(
      startHttpReceiver((_request, index) => ({ status: statuses[index] ?? 200 })),
    );
    const rule = await createRule(cookie, workspaceId, {
      alertType: "webhook",
      destination: flaky.url,
    });
    await completedScan(workspaceId);
    expect(await settled(cookie, rule.alertRule.id)).toMatchObject({
      status: "delivered",
      attempts: 3,
      lastError: null,
    });
    // Nothing comes after the accepted attempt.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(flaky.requests.map((request) => request.status)).toEqual([500, 503, 200]);
    expect(flaky.accepted()).toHaveLength(1);
  });

  it("ends a dead receiver in a logged failure while other deliveries still go", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const dead = await track(startHttpReceiver(() => ({ status: 500, body: "down" })));
    const healthy = await track(startSlackReceiver());
    const deadRule = await createRule(cookie, workspaceId, {
      alertType: "webhook",
      destination: dead.url,
    });
    const unreachable = await createRule(cookie, workspaceId, {
      alertType: "webhook",
      destination: "http://127.0.0.1:9/hook",
    });
    const healthyRule = await createRule(cookie, workspaceId, {
      alertType: "slack",
      destination: healthy.url,
    });

    await completedScan(workspaceId);
    const delivered = await settled(cookie, healthyRule.alertRule.id);
    expect(delivered.status).toBe("delivered");
    // Delivered while the dead receiver was still being retried.
    const [deadMeanwhile] = await deliveries(cookie, deadRule.alertRule.id);
    expect(deadMeanwhile?.status).not.toBe("failed");

    expect(await settled(cookie, deadRule.alertRule.id)).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "The webhook answered HTTP 500: down",
    });
    expect(dead.requests).toHaveLength(3);
    expect(await settled(cookie, unreachable.alertRule.id)).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: expect.stringMatching(/^Could not reach the destination \(ECONNREFUSED\)$/),
    });
    expect(healthy.accepted()).toHaveLength(1);
  });

  it("gives up an attempt the receiver does not answer in time", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    // Accepts the request and never answers.
    const stuck = createServer(() => {});
    await new Promise<void>((resolve) => stuck.listen(0, "127.0.0.1", resolve));
    const { port } = stuck.address() as AddressInfo;
    try {
      const rule = await createRule(cookie, workspaceId, {
        alertType: "webhook",
        destination: `http://127.0.0.1:${port}/hook`,
      });
      await completedScan(workspaceId);
      expect(await settled(cookie, rule.alertRule.id)).toMatchObject({
        status: "failed",
        attempts: 3,
        lastError: "The destination did not answer within 1 second",
      });
    } finally {
      stuck.closeAllConnections();
      await new Promise<void>((resolve) => stuck.close(() => resolve()));
    }
  });

  it("sends a daily rule's alerts as one digest when the digest job runs", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const slack = await track(startSlackReceiver());
    const rule = await createRule(cookie, workspaceId, {
      alertType: "slack",
      destination: slack.url,
      frequency: "daily",
    });
    await completedScan(workspaceId, 91);
    await completedScan(workspaceId, 72);
    // Both evaluated, nothing sent yet.
    await waitFor(async () => {
      const [stored] = await app.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(alertEvents)
        .where(eq(alertEvents.alertRuleId, rule.alertRule.id));
      return stored?.count === 2 ? true : undefined;
    });
    expect(await deliveries(cookie, rule.alertRule.id)).toEqual([]);

    await app.jobs.boss.send(ALERT_DIGEST_QUEUE, { frequency: "daily" });
    expect(await settled(cookie, rule.alertRule.id)).toMatchObject({
      kind: "digest",
      status: "delivered",
      alertCount: 2,
    });
    const message = JSON.parse(slack.requests[0]?.body ?? "{}");
    expect(message.text).toBe("Utmost daily digest: 2 alerts for Acme Marketing");
    expect(JSON.stringify(message.blocks)).toContain("*Health score*\\n91");
    expect(JSON.stringify(message.blocks)).toContain("*Health score*\\n72");
  });

  it("sends nothing to Slack after the owner's plan stopped selling it, from the next scan on", async () => {
    const { cookie, userId, workspaceId } = await newWorkspace();
    const slack = await track(startSlackReceiver());
    const slackRule = await createRule(cookie, workspaceId, {
      alertType: "slack",
      destination: slack.url,
    });
    const address = `downgraded-${Date.now()}@example.com`;
    await confirmAlertRecipient(app.database.db, workspaceId, address);
    const emailRule = await createRule(cookie, workspaceId, { destination: address });
    // Team to Pro: email alerts stay, Slack alerts go; the Slack rule is kept.
    await setPlan(app.database.db, userId, "pro");

    await completedScan(workspaceId);
    // One evaluation raises both rules' alerts: once the mail is out, Slack's turn has passed.
    expect(await settled(cookie, emailRule.alertRule.id)).toMatchObject({ status: "delivered" });
    expect(await deliveries(cookie, slackRule.alertRule.id)).toEqual([]);
    expect(slack.requests).toEqual([]);
    const list = await app.server.inject({
      method: "GET",
      url: `/api/workspaces/${workspaceId}/alert-rules`,
      headers: { cookie },
    });
    expect(list.json().alertRules).toContainEqual(
      expect.objectContaining({
        id: slackRule.alertRule.id,
        isActive: true,
        lastTriggeredAt: null,
      }),
    );
  });

  it("logs a delivery whose job ran out of attempts unsettled as failed", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const rule = await createRule(cookie, workspaceId, { destination: "a@example.com" });
    const deliveryId = randomUUID();
    await insertDelivery(app.database.db, {
      id: deliveryId,
      alertRuleId: rule.alertRule.id,
      kind: "realtime",
      alertCount: 1,
      body: {},
    });
    // What pg-boss does with a job whose last attempt's worker died.
    await app.jobs.boss.send(ALERT_DELIVERY_DEAD_LETTER_QUEUE, { deliveryId });
    expect(await settled(cookie, rule.alertRule.id)).toMatchObject({
      id: deliveryId,
      status: "failed",
      attempts: 0,
      lastError: "The delivery was interrupted before it finished",
    });
  });

  it("raises and delivers alerts from a real scan run by the worker", async () => {
    const { cookie, userId, workspaceId } = await newWorkspace();
    const address = `scan-${Date.now()}@example.com`;
    await confirmAlertRecipient(app.database.db, workspaceId, address);
    const rule = await createRule(cookie, workspaceId, { destination: address });
    const dataSource = await connectEmulatorProperty({
      db: app.database.db,
      config: app.config,
      emulatorUrl: emulator.url,
      workspaceId,
      userId,
      profileKey: "well-run-store",
      now: () => NOW,
    });
    const started = await app.server.inject({
      method: "POST",
      url: `/api/data-sources/${dataSource.id}/audits`,
      headers: { cookie },
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(await settled(cookie, rule.alertRule.id)).toMatchObject({ status: "delivered" });
    const mail = await waitFor(() => smtp.inbox.find((message) => message.to.includes(address)));
    const headers = mail.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toContain(`Subject: Utmost alert: ${dataSource.name}: audit completed`);
  }, 60_000);
});
