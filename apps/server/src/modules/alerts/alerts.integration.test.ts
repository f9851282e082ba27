import type { AlertRule, SubscriptionTier } from "@utmost/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, mailOutbox } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { insertDataSource } from "../issues/issues.testing.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import { addMember } from "../workspaces/workspaces.testing.ts";
import { confirmAlertRecipient } from "./alerts.testing.ts";
import { startHttpReceiver } from "./receivers.testing.ts";

/**
 * The alert rules API (spec §2 /alert-settings, §5 form rules, §7, §8; issue 7): validation,
 * defaults, scope, the switch, edits, the signing secret, the test alert and the delivery log,
 * and the channels the workspace owner's plan sells (spec §9 Plans). Who may call what is pinned
 * by the permission matrix.
 */

const UPGRADE = {
  email: "Email alerts are part of the Pro plan and above. Upgrade to use them.",
  slack: "Slack alerts are part of the Team plan and above. Upgrade to use them.",
  webhook: "Webhook alerts are part of the Team plan and above. Upgrade to use them.",
};
const DESTINATIONS = {
  email: { alertType: "email", destination: "team@example.com" },
  slack: { alertType: "slack", destination: "https://hooks.slack.com/services/T/B/x" },
  webhook: { alertType: "webhook", destination: "https://hooks.example.com/utmost" },
} as const;

describe.each(testDatabaseKinds())("alert rules on %s", (kind) => {
  let app: QueueTestApp;
  /** The same API with private destinations refused, as in production (ADR 010). */
  let strict: QueueTestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
    strict = await createTestApp(kind, { ALERTS_ALLOW_PRIVATE_NETWORKS: "false" });
  });
  afterAll(async () => {
    await app?.close();
    await strict?.close();
  });

  /** A team workspace whose owner is on `tier`: Team sells every channel. */
  async function newWorkspace(on = app, tier: SubscriptionTier = "advanced") {
    const user = await signUp(on);
    await setPlan(on.database.db, user.userId, tier);
    const workspace = await createWithOwner(on.database.db, {
      name: "Acme Marketing",
      type: "team",
      ownerId: user.userId,
    });
    return { cookie: user.cookie, userId: user.userId, workspaceId: workspace.id };
  }

  function call(
    cookie: string,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
    on = app,
  ) {
    return on.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  async function create(cookie: string, workspaceId: string, payload: object, on = app) {
    const response = await call(
      cookie,
      "POST",
      `/api/workspaces/${workspaceId}/alert-rules`,
      payload,
      on,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { alertRule: AlertRule; signingSecret: string | null };
  }

  it("creates a rule with the form's defaults, active, never triggered", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const { alertRule, signingSecret } = await create(cookie, workspaceId, {
      destination: "  team@example.com ",
    });
    expect(signingSecret).toBeNull();
    expect(alertRule).toMatchObject({
      workspaceId,
      dataSourceId: null,
      dataSource: null,
      alertType: "email",
      triggerCondition: "score_drops_below",
      thresholdValue: 70,
      frequency: "daily",
      destination: "team@example.com",
      isActive: true,
      lastTriggeredAt: null,
      lastDelivery: null,
    });
    const list = await call(cookie, "GET", `/api/workspaces/${workspaceId}/alert-rules`);
    expect(list.statusCode).toBe(200);
    expect(list.json().alertRules).toEqual([alertRule]);
  });

  it("refuses a rule without a destination: 'Destination is required'", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    for (const destination of [undefined, "", "   "]) {
      const response = await call(cookie, "POST", `/api/workspaces/${workspaceId}/alert-rules`, {
        alertType: "slack",
        destination,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: "Destination is required",
      });
    }
  });

  it("checks the destination by type, the threshold's range and the enums", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const cases: [object, string][] = [
      [{ destination: "not-an-email" }, "Email Address must be a valid email address"],
      [
        { alertType: "slack", destination: "hooks.slack.com/services/x" },
        "Slack Webhook URL must be an http:// or https:// URL",
      ],
      [
        { alertType: "webhook", destination: "ftp://example.com/x" },
        "Webhook URL must be an http:// or https:// URL",
      ],
      [
        { destination: "a@example.com", thresholdValue: 101 },
        "Threshold must be a number from 0 to 100",
      ],
      [
        { destination: "a@example.com", thresholdValue: -1 },
        "Threshold must be a number from 0 to 100",
      ],
      [
        { destination: "a@example.com", frequency: "hourly" },
        "Frequency must be realtime, daily or weekly",
      ],
      [
        { destination: "a@example.com", alertType: "sms" },
        "Alert type must be email, slack or webhook",
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await call(
        cookie,
        "POST",
        `/api/workspaces/${workspaceId}/alert-rules`,
        payload,
      );
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const list = await call(cookie, "GET", `/api/workspaces/${workspaceId}/alert-rules`);
    expect(list.json().alertRules).toEqual([]);
  });

  it("keeps a threshold only for score_drops_below", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const scored = await create(cookie, workspaceId, {
      destination: "a@example.com",
      thresholdValue: 0,
    });
    expect(scored.alertRule.thresholdValue).toBe(0);
    const other = await create(cookie, workspaceId, {
      destination: "a@example.com",
      triggerCondition: "new_critical_issue",
      thresholdValue: 40,
    });
    expect(other.alertRule.thresholdValue).toBeNull();
  });

  it("watches one property of the workspace, never another workspace's", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const own = await insertDataSource(app.database.db, { workspaceId, name: "Shop" });
    const elsewhere = await newWorkspace();
    const foreign = await insertDataSource(app.database.db, { workspaceId: elsewhere.workspaceId });

    const { alertRule } = await create(cookie, workspaceId, {
      destination: "a@example.com",
      dataSourceId: own.id,
    });
    expect(alertRule.dataSource).toEqual({
      id: own.id,
      name: "Shop",
      ga4AccountName: "Test Account",
    });

    const refused = await call(cookie, "POST", `/api/workspaces/${workspaceId}/alert-rules`, {
      destination: "a@example.com",
      dataSourceId: foreign.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe("Analytics property not found");
    const edit = await call(cookie, "PUT", `/api/alert-rules/${alertRule.id}`, {
      destination: "a@example.com",
      dataSourceId: foreign.id,
    });
    expect(edit.statusCode).toBe(404);
  });

  it("lists newest first; toggles; an edit rewrites the rule and keeps it active; deletes", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const first = await create(cookie, workspaceId, { destination: "first@example.com" });
    const second = await create(cookie, workspaceId, {
      alertType: "slack",
      destination: "https://hooks.slack.com/services/T/B/x",
      frequency: "realtime",
      triggerCondition: "scan_completed",
    });
    const list = await call(cookie, "GET", `/api/workspaces/${workspaceId}/alert-rules`);
    expect(list.json().alertRules.map((rule: AlertRule) => rule.id)).toEqual([
      second.alertRule.id,
      first.alertRule.id,
    ]);

    const off = await call(cookie, "PATCH", `/api/alert-rules/${first.alertRule.id}`, {
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ alertRule: { isActive: false }, signingSecret: null });

    const edited = await call(cookie, "PUT", `/api/alert-rules/${first.alertRule.id}`, {
      alertType: "email",
      triggerCondition: "new_warning_issue",
      frequency: "weekly",
      destination: "second@example.com",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().alertRule).toMatchObject({
      id: first.alertRule.id,
      triggerCondition: "new_warning_issue",
      thresholdValue: null,
      frequency: "weekly",
      destination: "second@example.com",
      isActive: true,
    });

    const removed = await call(cookie, "DELETE", `/api/alert-rules/${first.alertRule.id}`);
    expect(removed.statusCode).toBe(204);
    const again = await call(cookie, "DELETE", `/api/alert-rules/${first.alertRule.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe("Alert rule not found");
  });

  it("gives a webhook rule's signing secret once, keeps it through edits, rotates it", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const created = await create(cookie, workspaceId, {
      alertType: "webhook",
      destination: "https://hooks.example.com/utmost",
    });
    expect(created.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await call(cookie, "GET", `/api/workspaces/${workspaceId}/alert-rules`);
    expect(list.body).not.toContain(created.signingSecret);

    const edited = await call(cookie, "PUT", `/api/alert-rules/${created.alertRule.id}`, {
      alertType: "webhook",
      destination: "https://hooks.example.com/other",
    });
    expect(edited.json().signingSecret).toBeNull();

    const rotated = await call(
      cookie,
      "POST",
      `/api/alert-rules/${created.alertRule.id}/signing-secret`,
      {},
    );
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().signingSecret).toMatch(/^whsec_/);
    expect(rotated.json().signingSecret).not.toBe(created.signingSecret);

    const email = await create(cookie, workspaceId, { destination: "a@example.com" });
    const becomesWebhook = await call(cookie, "PUT", `/api/alert-rules/${email.alertRule.id}`, {
      alertType: "webhook",
      destination: "https://hooks.example.com/utmost",
    });
    expect(becomesWebhook.json().signingSecret).toMatch(/^whsec_/);
    const plain = await create(cookie, workspaceId, { destination: "b@example.com" });
    const notSigned = await call(
      cookie,
      "POST",
      `/api/alert-rules/${plain.alertRule.id}/signing-secret`,
      {},
    );
    expect(notSigned.statusCode).toBe(400);
    expect(notSigned.json().error.message).toBe("Only webhook rules have a signing secret");
  });

  it("sends the spec's sample as a test alert, into the outbox, and logs it", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const address = `test-alert-${Date.now()}@example.com`;
    await confirmAlertRecipient(app.database.db, workspaceId, address);
    const { alertRule } = await create(cookie, workspaceId, { destination: address });

    const sent = await call(cookie, "POST", `/api/alert-rules/${alertRule.id}/test`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().delivery).toMatchObject({
      alertRuleId: alertRule.id,
      kind: "test",
      status: "delivered",
      attempts: 1,
      lastError: null,
      alertCount: 1,
    });

    const mail = (await app.database.db.select().from(mailOutbox)).find(
      (row) => row.to === address,
    );
    expect(mail?.subject).toBe("Utmost test alert for Acme Marketing");
    expect(mail?.text).toContain("Test alert: health score 75, 2 critical issues, 5 warnings");
    expect(mail?.text).toContain(`${app.config.appUrl}/dashboard`);
    expect(mail?.html).toContain("Score 75 (C)");

    const log = await call(cookie, "GET", `/api/alert-rules/${alertRule.id}/deliveries`);
    expect(log.json().deliveries).toEqual([sent.json().delivery]);
    const list = await call(cookie, "GET", `/api/workspaces/${workspaceId}/alert-rules`);
    expect(list.json().alertRules[0].lastDelivery).toEqual(sent.json().delivery);
    // A test alert is not a trigger.
    expect(list.json().alertRules[0].lastTriggeredAt).toBeNull();
  });

  it("answers a test alert the destination refused with the reason, and logs the failure", async () => {
    const receiver = await startHttpReceiver(() => ({ status: 500, body: "boom" }));
    try {
      const { cookie, workspaceId } = await newWorkspace();
      const { alertRule } = await create(cookie, workspaceId, {
        alertType: "webhook",
        destination: receiver.url,
      });
      const sent = await call(cookie, "POST", `/api/alert-rules/${alertRule.id}/test`, {});
      expect(sent.statusCode).toBe(502);
      expect(sent.json().error).toEqual({
        code: "ALERT_DELIVERY_FAILED",
        message: "The webhook answered HTTP 500: boom",
      });
      const log = await call(cookie, "GET", `/api/alert-rules/${alertRule.id}/deliveries`);
      expect(log.json().deliveries).toMatchObject([
        {
          kind: "test",
          status: "failed",
          attempts: 1,
          lastError: "The webhook answered HTTP 500: boom",
        },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("refuses destinations in private and loopback networks where they are not allowed", async () => {
    const receiver = await startHttpReceiver(() => ({ status: 200 }));
    try {
      const { cookie, workspaceId } = await newWorkspace(strict);
      for (const destination of [receiver.url, receiver.url.replace("127.0.0.1", "localhost")]) {
        const { alertRule } = await create(
          cookie,
          workspaceId,
          { alertType: "slack", destination },
          strict,
        );
        const sent = await call(
          cookie,
          "POST",
          `/api/alert-rules/${alertRule.id}/test`,
          {},
          strict,
        );
        expect(sent.statusCode).toBe(400);
        expect(sent.json().error).toEqual({
          code: "ALERT_DESTINATION_NOT_ALLOWED",
          message: "Alert destinations in private or loopback networks are not allowed",
        });
      }
      expect(receiver.requests).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  describe("the channels the workspace owner's plan sells", () => {
    async function refused(response: { statusCode: number; json(): unknown }, message: string) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: "PLAN_UPGRADE_REQUIRED", message } });
    }

    async function rulesOf(cookie: string, workspaceId: string): Promise<AlertRule[]> {
      const list = await call(cookie, "GET", `/api/workspaces/${workspaceId}/alert-rules`);
      expect(list.statusCode).toBe(200);
      return list.json().alertRules;
    }

    it("refuses every channel on Free, naming the plan that sells it, and writes nothing", async () => {
      const { cookie, workspaceId } = await newWorkspace(app, "free");
      for (const channel of ["email", "slack", "webhook"] as const) {
        await refused(
          await call(
            cookie,
            "POST",
            `/api/workspaces/${workspaceId}/alert-rules`,
            DESTINATIONS[channel],
          ),
          UPGRADE[channel],
        );
      }
      expect(await rulesOf(cookie, workspaceId)).toEqual([]);
    });

    it("gives Pro email rules only, for new rules and edits alike", async () => {
      const { cookie, workspaceId } = await newWorkspace(app, "pro");
      const { alertRule } = await create(cookie, workspaceId, DESTINATIONS.email);
      for (const channel of ["slack", "webhook"] as const) {
        await refused(
          await call(
            cookie,
            "POST",
            `/api/workspaces/${workspaceId}/alert-rules`,
            DESTINATIONS[channel],
          ),
          UPGRADE[channel],
        );
        await refused(
          await call(cookie, "PUT", `/api/alert-rules/${alertRule.id}`, DESTINATIONS[channel]),
          UPGRADE[channel],
        );
      }
      expect(await rulesOf(cookie, workspaceId)).toEqual([alertRule]);
    });

    it("gives Team and Agency every channel", async () => {
      for (const tier of ["advanced", "agency"] as const) {
        const { cookie, workspaceId } = await newWorkspace(app, tier);
        for (const channel of ["email", "slack", "webhook"] as const) {
          const { alertRule } = await create(cookie, workspaceId, DESTINATIONS[channel]);
          expect(alertRule.alertType).toBe(channel);
        }
      }
    });

    it("goes by the owner's plan, not the member's", async () => {
      const team = await newWorkspace(app, "advanced");
      const member = await signUp(app);
      await addMember(app.database.db, team.workspaceId, member.userId, "member");
      // The member's own plan is Free; the workspace's owner pays for Team.
      const { alertRule } = await create(member.cookie, team.workspaceId, DESTINATIONS.slack);
      expect(alertRule.alertType).toBe("slack");

      const free = await newWorkspace(app, "free");
      const payer = await signUp(app);
      await setPlan(app.database.db, payer.userId, "agency");
      await addMember(app.database.db, free.workspaceId, payer.userId, "admin");
      await refused(
        await call(
          payer.cookie,
          "POST",
          `/api/workspaces/${free.workspaceId}/alert-rules`,
          DESTINATIONS.slack,
        ),
        UPGRADE.slack,
      );
    });

    it("keeps a downgraded owner's rules: they may be listed, switched off and deleted, not edited or tested", async () => {
      const { cookie, userId, workspaceId } = await newWorkspace(app, "advanced");
      const slack = await create(cookie, workspaceId, DESTINATIONS.slack);
      const webhook = await create(cookie, workspaceId, DESTINATIONS.webhook);
      await setPlan(app.database.db, userId, "free");

      expect((await rulesOf(cookie, workspaceId)).map((rule) => rule.id).sort()).toEqual(
        [slack.alertRule.id, webhook.alertRule.id].sort(),
      );
      await refused(
        await call(cookie, "PUT", `/api/alert-rules/${slack.alertRule.id}`, {
          ...DESTINATIONS.slack,
          thresholdValue: 50,
        }),
        UPGRADE.slack,
      );
      await refused(
        await call(cookie, "POST", `/api/alert-rules/${slack.alertRule.id}/test`, {}),
        UPGRADE.slack,
      );
      // The refused test alert went nowhere and was not logged.
      const logged = await app.database.db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertRuleId, slack.alertRule.id));
      expect(logged).toEqual([]);

      const off = await call(cookie, "PATCH", `/api/alert-rules/${slack.alertRule.id}`, {
        isActive: false,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().alertRule).toMatchObject({ isActive: false, thresholdValue: 70 });
      const removed = await call(cookie, "DELETE", `/api/alert-rules/${webhook.alertRule.id}`);
      expect(removed.statusCode).toBe(204);
      expect((await rulesOf(cookie, workspaceId)).map((rule) => rule.id)).toEqual([
        slack.alertRule.id,
      ]);
    });
  });
});
