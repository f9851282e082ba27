import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, alertRecipients, mailOutbox } from "../../db/schema.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import { attemptDelivery } from "./alert-delivery.ts";
import { insertDelivery } from "./alerts.repository.ts";

/**
 * Issue 21, finding 4: a workspace named like a phishing lure plus an email rule to any address
 * made Utmost a relay. Now test alerts are throttled, outsiders receive alerts only after they
 * confirm, and names never arrive as links.
 */

const LURE = "Your account is locked - verify at https://evil.example/login";

describe.each(testDatabaseKinds())("alert recipients and outbound mail on %s", (kind) => {
  let app: QueueTestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  async function newWorkspace(name = "Acme Marketing") {
    const user = await signUp(app);
    await setPlan(app.database.db, user.userId, "advanced");
    const workspace = await createWithOwner(app.database.db, {
      name,
      type: "team",
      ownerId: user.userId,
    });
    return { ...user, workspaceId: workspace.id };
  }

  const call = (method: "GET" | "POST" | "PUT", url: string, cookie?: string, payload?: object) =>
    app.server.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  async function createRule(cookie: string, workspaceId: string, destination: string) {
    const response = await call("POST", `/api/workspaces/${workspaceId}/alert-rules`, cookie, {
      alertType: "email",
      destination,
      triggerCondition: "scan_completed",
      frequency: "realtime",
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().alertRule as { id: string; recipientStatus: string | null };
  }

  const mailsTo = async (address: string) =>
    (await app.database.db.select().from(mailOutbox)).filter((row) => row.to === address);

  const tokenIn = (text: string) => {
    const match = /\/alert-recipients\/confirm\?token=([\w-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no confirmation link in: ${text}`);
    return match[1];
  };

  it("mails an outside address once to confirm, and sends it no alert until it does", async () => {
    const { cookie, workspaceId, input } = await newWorkspace();
    // A real alert's body, from a test alert to the owner (a verified member).
    const own = await createRule(cookie, workspaceId, input.email);
    const ownTest = await call("POST", `/api/alert-rules/${own.id}/test`, cookie, {});
    expect(ownTest.statusCode, ownTest.body).toBe(200);
    const [sample] = await app.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertRuleId, own.id));
    const outsider = `Outsider-${Date.now()}@example.com`;
    const rule = await createRule(cookie, workspaceId, outsider);
    expect(rule.recipientStatus).toBe("awaiting_confirmation");

    const address = outsider.toLowerCase();
    const [request, ...more] = await mailsTo(address);
    expect(more).toEqual([]);
    expect(request?.subject).toBe("Acme Marketing wants to send you Utmost alerts");
    expect(request?.text).toContain(`${app.config.appUrl}/alert-recipients/confirm?token=`);

    // Saving the rule again, or a second rule to the address, mails nothing more.
    const again = await call("PUT", `/api/alert-rules/${rule.id}`, cookie, {
      alertType: "email",
      destination: outsider,
      triggerCondition: "scan_completed",
      frequency: "realtime",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().alertRule.recipientStatus).toBe("awaiting_confirmation");
    await createRule(cookie, workspaceId, address);
    expect(await mailsTo(address)).toHaveLength(1);

    // A test alert is refused, and nothing is sent.
    const test = await call("POST", `/api/alert-rules/${rule.id}/test`, cookie, {});
    expect(test.statusCode).toBe(409);
    expect(test.json().error.code).toBe("ALERT_RECIPIENT_UNCONFIRMED");
    expect(await mailsTo(address)).toHaveLength(1);

    // An alert raised by a scan fails its delivery, logged with the reason, and sends nothing.
    const delivery = await insertDelivery(app.database.db, {
      alertRuleId: rule.id,
      kind: "realtime",
      alertCount: 1,
      body: sample?.body,
    });
    const outcome = await attemptDelivery(
      {
        db: app.database.db,
        mailer: app.mailer,
        cipher: createAppTokenCipher(app.config),
        outbound: { allowPrivateNetworks: true, timeoutMs: 1000 },
        logger: { info: () => {}, warn: () => {}, error: () => {} },
        now: () => new Date(),
      },
      delivery.id,
      { finalAttempt: false },
    );
    expect(outcome.status).toBe("failed");
    expect(outcome.status !== "skipped" && outcome.delivery.lastError).toMatch(
      /has not confirmed yet/,
    );
    expect(await mailsTo(address)).toHaveLength(1);

    // The link's page confirms, signed in or not; then alerts go.
    const token = tokenIn(request?.text ?? "");
    const confirmed = await call("POST", "/api/alert-recipients/confirm", undefined, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: address, workspaceName: "Acme Marketing" });
    const list = await call("GET", `/api/workspaces/${workspaceId}/alert-rules`, cookie);
    expect(
      list.json().alertRules.map((r: { recipientStatus: string }) => r.recipientStatus),
    ).toEqual(["confirmed", "confirmed", "confirmed"]);
    const sent = await call("POST", `/api/alert-rules/${rule.id}/test`, cookie, {});
    expect(sent.statusCode, sent.body).toBe(200);
    // The rule keeps the address as typed; the mail goes there.
    expect(await mailsTo(outsider)).toHaveLength(1);

    // The token is spent.
    const reused = await call("POST", "/api/alert-recipients/confirm", undefined, { token });
    expect(reused.statusCode).toBe(404);
  });

  it("refuses unknown, expired and malformed confirmation tokens", async () => {
    const { cookie, workspaceId } = await newWorkspace();
    const address = `late-${Date.now()}@example.com`;
    await createRule(cookie, workspaceId, address);
    const [request] = await mailsTo(address);
    const token = tokenIn(request?.text ?? "");
    await app.database.db
      .update(alertRecipients)
      .set({ tokenExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(alertRecipients.email, address));

    const expired = await call("POST", "/api/alert-recipients/confirm", undefined, { token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toMatch(/already used or has expired/);
    const unknown = await call("POST", "/api/alert-recipients/confirm", undefined, {
      token: "not-a-token",
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await call("POST", "/api/alert-recipients/confirm", undefined, {});
    expect(missing.statusCode).toBe(400);
    const [row] = await app.database.db
      .select()
      .from(alertRecipients)
      .where(eq(alertRecipients.email, address));
    expect(row?.confirmedAt).toBeNull();

    // Once the link has expired, saving the rule again sends a new one.
    await createRule(cookie, workspaceId, address);
    expect(await mailsTo(address)).toHaveLength(2);
  });

  it("sends to a verified member of the workspace without asking", async () => {
    const { cookie, workspaceId, input } = await newWorkspace();
    const rule = await createRule(cookie, workspaceId, input.email.toUpperCase());
    expect(rule.recipientStatus).toBe("confirmed");
    const sent = await call("POST", `/api/alert-rules/${rule.id}/test`, cookie, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await mailsTo(input.email.toUpperCase());
    expect(mails.map((mail) => mail.subject)).toEqual(["Utmost test alert for Acme Marketing"]);
  });

  it("throttles test alerts: 3 per rule every 10 minutes, 10 per user an hour", async () => {
    const { cookie, workspaceId, input } = await newWorkspace();
    const rules = [];
    for (let i = 0; i < 4; i++) rules.push(await createRule(cookie, workspaceId, input.email));
    const test = (ruleId: string) => call("POST", `/api/alert-rules/${ruleId}/test`, cookie, {});

    const first = rules[0]?.id ?? "";
    for (let i = 0; i < 3; i++) expect((await test(first)).statusCode).toBe(200);
    const perRule = await test(first);
    expect(perRule.statusCode).toBe(429);
    expect(perRule.json().error).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/at most 3 every 10 minutes/),
    });
    expect(Number(perRule.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(perRule.headers["retry-after"])).toBeLessThanOrEqual(600);

    // Other rules go on until the user has sent 10 in the hour (the refused one counted too).
    const statuses = [];
    for (const rule of rules.slice(1)) {
      for (let i = 0; i < 3; i++) statuses.push((await test(rule.id)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429]);
    const perUser = await test(rules[3]?.id ?? "");
    expect(perUser.json().error.message).toMatch(/at most 10 an hour/);
    expect(Number(perUser.headers["retry-after"])).toBeLessThanOrEqual(3600);
    const sent = (await mailsTo(input.email)).filter((mail) => mail.subject.includes("test alert"));
    expect(sent).toHaveLength(9);
  });

  it("neutralises links in names: confirmation, alert and invitation mail", async () => {
    const { cookie, workspaceId, input } = await newWorkspace(LURE);
    const outsider = `lured-${Date.now()}@example.com`;
    await createRule(cookie, workspaceId, outsider);
    const invitee = `invitee-${Date.now()}@example.com`;
    const invited = await call("POST", `/api/workspaces/${workspaceId}/invitations`, cookie, {
      email: invitee,
      role: "member",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const rule = await createRule(cookie, workspaceId, input.email);
    expect((await call("POST", `/api/alert-rules/${rule.id}/test`, cookie, {})).statusCode).toBe(
      200,
    );

    const mails = (await app.database.db.select().from(mailOutbox)).filter(
      (mail) =>
        mail.to === outsider ||
        (mail.to === input.email && mail.subject.includes("test alert")) ||
        mail.to === invitee,
    );
    const kinds = mails.map((mail) => mail.subject);
    expect(kinds).toHaveLength(3);
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html ?? ""]) {
        expect(part).not.toContain("https://evil");
        expect(part).not.toContain("evil.example");
      }
      expect(mail.subject).toContain("https[:]//evil[.]example/login");
      expect(mail.text).toContain("https[:]//evil[.]example/login");
      expect(mail.html).toContain("https:\u200C//evil.\u200Cexample/login");
      // Our own links stay whole.
      expect(mail.text).toContain(app.config.appUrl);
    }
  });
});
