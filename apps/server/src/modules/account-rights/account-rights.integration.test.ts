import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  alertDeliveries,
  alertRecipients,
  apiKeys,
  billingEvents,
  builderLinks,
  dataSources,
  googleConnections,
  memberPropertyGrants,
  reportExports,
  sessions,
  subscriptions,
  twoFactors,
  users,
  utmIssues,
  workspaceBranding,
  workspaceConventions,
  workspaceInvitations,
  workspaceUsers,
} from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { cookieHeader, createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { insertAlertRule } from "../alerts/alerts.testing.ts";
import {
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";
import { addMember, insertTeam, insertUser } from "../workspaces/workspaces.testing.ts";
import { purgeDeletedAccounts } from "./account-rights.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())("account rights on %s", (kind) => {
  let app: QueueTestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  function request(
    method: "GET" | "POST" | "PATCH",
    url: string,
    cookie: string,
    payload?: unknown,
  ) {
    return app.server.inject({ method, url, headers: { cookie }, payload: payload as object });
  }

  async function signIn(email: string, password: string) {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    return cookieHeader(response);
  }

  async function workspaceOf(userId: string) {
    return (await insertTeam(db(), userId)).id;
  }

  /**
   * A user with everything an account can hold: a property with tokens, a scan, an issue with
   * its history, a webhook rule with a signing secret and a delivery, an invitation, two-factor
   * secrets, a member limited to a granted property, conventions, a built link, branding with a
   * logo, a PDF report, an API key, an alert recipient, a Google consent and billing records.
   */
  async function fullAccount() {
    const user = await signUp(app);
    const workspaceId = await workspaceOf(user.userId);
    const secrets = {
      access: `access-${randomUUID()}`,
      refresh: `refresh-${randomUUID()}`,
      signing: `signing-${randomUUID()}`,
      tokenHash: `hash-${randomUUID()}`,
      totp: `totp-${randomUUID()}`,
      backup: `backup-${randomUUID()}`,
      apiKeyHash: `keyhash-${randomUUID()}`,
      recipientTokenHash: `recipienthash-${randomUUID()}`,
      googleAccess: `gaccess-${randomUUID()}`,
      googleRefresh: `grefresh-${randomUUID()}`,
    };
    const property = await insertDataSource(db(), {
      workspaceId,
      name: "Northwind Outfitters - GA4",
      connectedByUserId: user.userId,
      accessTokenEncrypted: secrets.access,
      refreshTokenEncrypted: secrets.refresh,
    });
    const scan = await insertScan(db(), {
      dataSourceId: property.id,
      requestedByUserId: user.userId,
    });
    const issue = await insertIssue(db(), {
      dataSourceId: property.id,
      title: "Campaign names differ by case",
      lastScanId: scan.id,
    });
    await insertOccurrence(db(), { issueId: issue.id, scanId: scan.id });
    const rule = await insertAlertRule(db(), {
      workspaceId,
      alertType: "webhook",
      notificationConfig: { webhook_url: "https://hooks.example.com/utmost" },
      signingSecretEncrypted: secrets.signing,
      createdByUserId: user.userId,
    });
    await db()
      .insert(alertDeliveries)
      .values({ alertRuleId: rule.id, kind: "test", alertCount: 1, body: { version: 1 } });
    await db()
      .insert(workspaceInvitations)
      .values({
        workspaceId,
        invitedEmail: `invitee-${randomUUID()}@example.com`,
        tokenHash: secrets.tokenHash,
        invitedByUserId: user.userId,
        expiresAt: new Date(Date.now() + 7 * DAY_MS),
      });
    await db().insert(twoFactors).values({
      id: randomUUID(),
      userId: user.userId,
      secret: secrets.totp,
      backupCodes: secrets.backup,
    });
    // A member who sees one chosen property (client-level access, ADR 024).
    const limited = await insertUser(db());
    await db().insert(workspaceUsers).values({
      workspaceId,
      userId: limited.id,
      workspaceRole: "member",
      chosenPropertiesOnly: true,
    });
    await db().insert(memberPropertyGrants).values({
      workspaceId,
      userId: limited.id,
      dataSourceId: property.id,
      grantedByUserId: user.userId,
    });
    await db()
      .insert(workspaceConventions)
      .values({ workspaceId, conventions: { utm_medium: { allowed: ["email", "cpc"] } } });
    await db().insert(builderLinks).values({
      workspaceId,
      createdByUserId: user.userId,
      baseUrl: "https://northwind.example/spring",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring_sale",
      url: "https://northwind.example/spring?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
      predictedChannel: "Email",
    });
    await db()
      .insert(workspaceBranding)
      .values({
        workspaceId,
        displayName: "Northwind Agency",
        brandColor: "#112233",
        logo: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
        logoContentType: "image/png",
      });
    await db()
      .insert(reportExports)
      .values({
        dataSourceId: property.id,
        requestedByUserId: user.userId,
        scanId: scan.id,
        status: "ready",
        fileName: "northwind-report.pdf",
        content: Buffer.from("%PDF-1.7 the report"),
        sizeBytes: 19,
      });
    await db().insert(apiKeys).values({
      workspaceId,
      name: "Looker Studio",
      keyPrefix: "utm_live_ab12",
      keyHash: secrets.apiKeyHash,
      createdByUserId: user.userId,
    });
    await db()
      .insert(alertRecipients)
      .values({
        workspaceId,
        email: `client-${randomUUID()}@example.com`,
        tokenHash: secrets.recipientTokenHash,
        tokenExpiresAt: new Date(Date.now() + DAY_MS),
        requestedByUserId: user.userId,
      });
    await db()
      .insert(googleConnections)
      .values({
        userId: user.userId,
        workspaceId,
        accessTokenEncrypted: secrets.googleAccess,
        refreshTokenEncrypted: secrets.googleRefresh,
        tokenExpiresAt: new Date(Date.now() + 3_600_000),
        tokenScopes: "https://www.googleapis.com/auth/analytics.readonly",
        expiresAt: new Date(Date.now() + 600_000),
      });
    // A plan change applied to the account, and a payment recorded without one that names the
    // user's email (the provider's shape, as billing-webhooks stores it).
    await db()
      .insert(billingEvents)
      .values([
        {
          webhookId: `msg_${randomUUID()}`,
          type: "subscription.active",
          occurredAt: new Date(),
          providerSubscriptionId: `sub_${randomUUID()}`,
          userId: user.userId,
          outcome: "applied",
          payload: { type: "subscription.active", data: { product_id: "pdt_pro" } },
        },
        {
          webhookId: `msg_${randomUUID()}`,
          type: "payment.succeeded",
          occurredAt: new Date(),
          providerSubscriptionId: null,
          userId: null,
          outcome: "ignored",
          payload: {
            type: "payment.succeeded",
            data: { total_amount: 1900, customer: { email: user.input.email.toUpperCase() } },
          },
        },
      ]);
    const [credential] = await db()
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, user.userId));
    const passwordHash = credential?.password;
    if (!passwordHash) throw new Error("no password hash");
    return { ...user, workspaceId, property, scan, issue, rule, secrets, passwordHash, limited };
  }

  describe("export", () => {
    it("downloads the user's data as JSON with no token, secret or hash", async () => {
      const account = await fullAccount();
      const other = await fullAccount();

      const response = await request("GET", "/api/me/export", account.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.headers["content-disposition"]).toMatch(
        /^attachment; filename="utmost-export-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const text = response.body;
      const data = JSON.parse(text);
      expect(data.user[0].email).toBe(account.input.email);
      expect(data.user[0].twoFactorEnabled).toBe(false);
      expect(data.properties.map((p: { id: string }) => p.id)).toEqual([account.property.id]);
      expect(data.issues.map((i: { id: string }) => i.id)).toEqual([account.issue.id]);
      expect(data.issueOccurrences).toHaveLength(1);
      expect(data.scans.map((s: { id: string }) => s.id)).toEqual([account.scan.id]);
      expect(data.alertRules[0].notificationConfig).toEqual({
        webhook_url: "https://hooks.example.com/utmost",
      });
      expect(data.alertDeliveries).toHaveLength(1);
      expect(data.invitationsSent).toHaveLength(1);
      expect(data.workspaceMembers[0]).toMatchObject({
        userId: account.userId,
        workspaceRole: "owner",
      });
      expect(data.signInMethods).toEqual([
        { provider: "credential", createdAt: expect.any(String) },
      ]);
      expect(data.subscriptions[0].tier).toBe("free");
      // Where they are signed in, never the session's token.
      expect(data.sessions.length).toBeGreaterThan(0);
      expect(Object.keys(data.sessions[0]).sort()).toEqual([
        "createdAt",
        "expiresAt",
        "ipAddress",
        "updatedAt",
        "userAgent",
      ]);
      // Billing: the event applied to the account and the payment naming their email.
      expect(data.billingRecords.map((r: { type: string }) => r.type).sort()).toEqual([
        "payment.succeeded",
        "subscription.active",
      ]);
      // Client-level access they gave, with the member's limit.
      expect(data.propertyGrants).toEqual([
        {
          workspaceId: account.workspaceId,
          userId: account.limited.id,
          dataSourceId: account.property.id,
          grantedByUserId: account.userId,
          createdAt: expect.any(String),
        },
      ]);
      expect(
        data.workspaceMembers.find((m: { userId: string }) => m.userId === account.limited.id),
      ).toMatchObject({ chosenPropertiesOnly: true });
      expect(data.namingConventions[0].conventions).toEqual({
        utm_medium: { allowed: ["email", "cpc"] },
      });
      expect(data.builderLinks[0]).toMatchObject({ utmCampaign: "spring_sale" });
      expect(data.branding[0]).toMatchObject({
        displayName: "Northwind Agency",
        logoContentType: "image/png",
        logoBytes: 7,
      });
      expect(data.reports[0]).toMatchObject({ fileName: "northwind-report.pdf", sizeBytes: 19 });
      expect(data.reports[0]).not.toHaveProperty("content");
      expect(data.apiKeys[0]).toMatchObject({ name: "Looker Studio", keyPrefix: "utm_live_ab12" });
      expect(data.alertRecipients).toHaveLength(1);
      expect(data.googleConnections[0]).toMatchObject({
        workspaceId: account.workspaceId,
        scopes: "https://www.googleapis.com/auth/analytics.readonly",
      });
      expect(data.propertyGrantsReceived).toEqual([]);
      for (const session of await db()
        .select({ token: sessions.token })
        .from(sessions)
        .where(eq(sessions.userId, account.userId))) {
        expect(text).not.toContain(session.token);
      }

      for (const secret of [...Object.values(account.secrets), account.passwordHash]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/token_?hash|tokenHash|accessToken|refreshToken|signingSecret/i);
      for (const id of [other.userId, other.property.id, other.issue.id, other.input.email]) {
        expect(text).not.toContain(id);
      }
    });

    it("downloads one CSV whose first column names the record type", async () => {
      const account = await fullAccount();
      const response = await request("GET", "/api/me/export?format=csv", account.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/csv");
      expect(response.headers["content-disposition"]).toMatch(/utmost-export-[\d-]+\.csv"$/);
      const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
      expect(Object.keys(records[0] ?? {})).toEqual([
        "record_type",
        "record_index",
        "field",
        "value",
      ]);
      const value = (type: string, field: string) =>
        records.filter((r) => r.record_type === type && r.field === field).map((r) => r.value);
      expect(value("user", "email")).toEqual([account.input.email]);
      expect(value("properties", "name")).toEqual(["Northwind Outfitters - GA4"]);
      expect(value("issues", "id")).toEqual([account.issue.id]);
      for (const secret of [...Object.values(account.secrets), account.passwordHash]) {
        expect(response.body).not.toContain(secret);
      }
    });

    it("lists what a member limited to chosen properties was granted elsewhere", async () => {
      const account = await fullAccount();
      const agency = await signUp(app);
      const agencyWorkspace = await workspaceOf(agency.userId);
      const client = await insertDataSource(db(), {
        workspaceId: agencyWorkspace,
        name: "Contoso - GA4",
      });
      await db().insert(workspaceUsers).values({
        workspaceId: agencyWorkspace,
        userId: account.userId,
        workspaceRole: "member",
        chosenPropertiesOnly: true,
      });
      await db().insert(memberPropertyGrants).values({
        workspaceId: agencyWorkspace,
        userId: account.userId,
        dataSourceId: client.id,
        grantedByUserId: agency.userId,
      });

      const data = (await request("GET", "/api/me/export", account.cookie)).json();
      expect(data.propertyGrantsReceived).toEqual([
        {
          workspaceId: agencyWorkspace,
          dataSourceId: client.id,
          propertyName: "Contoso - GA4",
          grantedByUserId: agency.userId,
          createdAt: expect.any(String),
        },
      ]);
      expect(
        data.memberships.find((m: { workspaceId: string }) => m.workspaceId === agencyWorkspace),
      ).toMatchObject({ workspaceRole: "member", chosenPropertiesOnly: true });
      // The agency's own data stays theirs: the property's name only, none of its scans.
      expect(data.properties.map((p: { id: string }) => p.id)).toEqual([account.property.id]);
    });

    it("refuses an unknown format and a visitor", async () => {
      const account = await signUp(app);
      expect((await request("GET", "/api/me/export?format=xml", account.cookie)).statusCode).toBe(
        400,
      );
      expect((await app.server.inject({ method: "GET", url: "/api/me/export" })).statusCode).toBe(
        401,
      );
    });
  });

  describe("deletion", () => {
    it("needs the right password, then signs the user out everywhere", async () => {
      const account = await signUp(app);
      const second = await signIn(account.input.email, account.input.password);
      expect((await request("GET", "/api/me", account.cookie)).json()).toMatchObject({
        hasPassword: true,
        deletionScheduledFor: null,
      });

      const wrong = await request("POST", "/api/me/deletion", account.cookie, {
        password: "not-the-password",
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe("INVALID_PASSWORD");
      const typed = await request("POST", "/api/me/deletion", account.cookie, {
        confirm: "DELETE",
      });
      expect(typed.statusCode).toBe(400);

      const before = Date.now();
      const right = await request("POST", "/api/me/deletion", account.cookie, {
        password: account.input.password,
      });
      expect(right.statusCode).toBe(200);
      const purgeAfter = Date.parse(right.json().purgeAfter);
      expect(purgeAfter - before).toBeGreaterThanOrEqual(30 * DAY_MS);
      expect(purgeAfter - before).toBeLessThan(30 * DAY_MS + 60_000);

      const left = await db().select().from(sessions).where(eq(sessions.userId, account.userId));
      expect(left).toEqual([]);
      for (const cookie of [account.cookie, second]) {
        expect((await request("GET", "/api/me", cookie)).statusCode).toBe(401);
      }
    });

    it("takes DELETE typed out from an account without a password", async () => {
      const account = await signUp(app);
      await db()
        .delete(accounts)
        .where(and(eq(accounts.userId, account.userId), eq(accounts.providerId, "credential")));
      expect((await request("GET", "/api/me", account.cookie)).json().hasPassword).toBe(false);
      const response = await request("POST", "/api/me/deletion", account.cookie, {
        confirm: "DELETE",
      });
      expect(response.statusCode).toBe(200);
    });

    it("refuses while a paid plan is active", async () => {
      const account = await signUp(app);
      await setPlan(db(), account.userId, "pro");
      const response = await request("POST", "/api/me/deletion", account.cookie, {
        password: account.input.password,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: "PAID_PLAN_ACTIVE",
        message: "Cancel your paid plan under Settings → Billing before deleting your account.",
      });
      const [row] = await db().select().from(users).where(eq(users.id, account.userId));
      expect(row?.deletionRequestedAt).toBeNull();
    });

    it("lets an account on a complimentary plan go, as nobody is billed for it", async () => {
      const account = await signUp(app);
      await setPlan(db(), account.userId, "agency");
      await db()
        .update(subscriptions)
        .set({ complimentarySince: new Date() })
        .where(eq(subscriptions.userId, account.userId));
      const response = await request("POST", "/api/me/deletion", account.cookie, {
        password: account.input.password,
      });
      expect(response.statusCode).toBe(200);
      const [row] = await db().select().from(users).where(eq(users.id, account.userId));
      expect(row?.deletionRequestedAt).not.toBeNull();
    });

    it("lets a pending account sign in to export or recover, and nothing else", async () => {
      const account = await fullAccount();
      await request("POST", "/api/me/deletion", account.cookie, {
        password: account.input.password,
      });
      const cookie = await signIn(account.input.email, account.input.password);

      const me = await request("GET", "/api/me", cookie);
      expect(me.statusCode).toBe(200);
      expect(Date.parse(me.json().deletionScheduledFor)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
      expect((await request("GET", "/api/me/export", cookie)).statusCode).toBe(200);
      for (const [method, url] of [
        ["GET", "/api/workspaces"],
        ["PATCH", "/api/me"],
        ["GET", `/api/data-sources/${account.property.id}/issues`],
        ["POST", "/api/me/deletion"],
      ] as const) {
        const refused = await request(method, url, cookie, method === "GET" ? undefined : {});
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error).toEqual({
          code: "ACCOUNT_PENDING_DELETION",
          message: "Your account is scheduled for deletion. Recover it to continue.",
        });
      }

      const recovered = await request("POST", "/api/me/deletion/cancel", cookie);
      expect(recovered.statusCode).toBe(204);
      expect((await request("GET", "/api/me", cookie)).json().deletionScheduledFor).toBeNull();
      expect((await request("GET", "/api/workspaces", cookie)).statusCode).toBe(200);

      // A recovered account is not purged later.
      await purgeDeletedAccounts(db(), new Date(Date.now() + 31 * DAY_MS));
      const [row] = await db().select().from(users).where(eq(users.id, account.userId));
      expect(row?.id).toBe(account.userId);
    });
  });

  describe("purge", () => {
    /** Both drivers answer `execute` with `{ rows }`; the generic database type does not say so. */
    async function query<T>(statement: SQL): Promise<T[]> {
      return ((await db().execute(statement)) as unknown as { rows: T[] }).rows;
    }

    /** Rows of every table in the app's schema whose text mentions one of `needles`. */
    async function rowsMentioning(needles: string[]) {
      const tables = await query<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      const found: Record<string, number> = {};
      for (const { table_name } of tables) {
        for (const needle of needles) {
          const [row] = await query<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(table_name)} t where position(${needle.toLowerCase()} in lower(t::text)) > 0`,
          );
          const n = row?.n ?? 0;
          if (n > 0) found[`${table_name}: ${needle}`] = n;
        }
      }
      return { tables: tables.length, found };
    }

    it("after 30 days leaves no row of the user, and other workspaces lose only the member", async () => {
      const account = await fullAccount();
      // A teammate in the user's team, and the user a member of someone else's team.
      const teammate = await insertUser(db());
      const ownTeam = await insertTeam(db(), account.userId, [
        { userId: teammate.id, role: "member" },
      ]);
      const ownTeamProperty = await insertDataSource(db(), { workspaceId: ownTeam.id });
      const neighbour = await signUp(app);
      const neighbourWorkspace = await workspaceOf(neighbour.userId);
      await addMember(db(), neighbourWorkspace, account.userId, "admin");
      const neighbourProperty = await insertDataSource(db(), {
        workspaceId: neighbourWorkspace,
        connectedByUserId: account.userId,
      });
      const neighbourIssue = await insertIssue(db(), {
        dataSourceId: neighbourProperty.id,
        status: "muted",
        mutedByUserId: account.userId,
        mutedAt: new Date(),
      });
      const [neighbourKey] = await db()
        .insert(apiKeys)
        .values({
          workspaceId: neighbourWorkspace,
          name: "Their export",
          keyPrefix: "utm_test",
          keyHash: `hash-${randomUUID()}`,
          createdByUserId: account.userId,
        })
        .returning();
      await db()
        .insert(workspaceInvitations)
        .values([
          {
            workspaceId: neighbourWorkspace,
            invitedEmail: `friend-${randomUUID()}@example.com`,
            tokenHash: `hash-${randomUUID()}`,
            invitedByUserId: account.userId,
            expiresAt: new Date(Date.now() + 7 * DAY_MS),
          },
          {
            workspaceId: neighbourWorkspace,
            invitedEmail: account.input.email.toLowerCase(),
            tokenHash: `hash-${randomUUID()}`,
            invitedByUserId: neighbour.userId,
            status: "accepted",
            respondedByUserId: account.userId,
            respondedAt: new Date(),
            expiresAt: new Date(Date.now() + 7 * DAY_MS),
          },
        ]);

      const requested = await request("POST", "/api/me/deletion", account.cookie, {
        password: account.input.password,
      });
      expect(requested.statusCode).toBe(200);
      const requestedAt = Date.parse(requested.json().purgeAfter) - 30 * DAY_MS;
      const needles = [account.userId, account.input.email];

      expect(await purgeDeletedAccounts(db(), new Date(requestedAt + 29 * DAY_MS))).toBe(0);
      expect(Object.keys((await rowsMentioning(needles)).found).length).toBeGreaterThan(0);

      expect(await purgeDeletedAccounts(db(), new Date(requestedAt + 30 * DAY_MS + 1000))).toBe(1);
      const after = await rowsMentioning(needles);
      expect(after.tables).toBeGreaterThan(15);
      expect(after.found).toEqual({});

      const ownedProperties = await db()
        .select()
        .from(dataSources)
        .where(sql`${dataSources.id} in (${account.property.id}, ${ownTeamProperty.id})`);
      expect(ownedProperties).toEqual([]);
      expect(await db().select().from(utmIssues).where(eq(utmIssues.id, account.issue.id))).toEqual(
        [],
      );
      // The teammate keeps their account; the neighbour keeps workspace, property and issue.
      expect(await db().select().from(users).where(eq(users.id, teammate.id))).toHaveLength(1);
      const [keptProperty] = await db()
        .select()
        .from(dataSources)
        .where(eq(dataSources.id, neighbourProperty.id));
      expect(keptProperty?.connectedByUserId).toBeNull();
      const [keptIssue] = await db()
        .select()
        .from(utmIssues)
        .where(eq(utmIssues.id, neighbourIssue.id));
      expect(keptIssue?.status).toBe("muted");
      const members = await db()
        .select({ userId: workspaceUsers.userId })
        .from(workspaceUsers)
        .where(eq(workspaceUsers.workspaceId, neighbourWorkspace));
      expect(members).toEqual([{ userId: neighbour.userId }]);
      const neighbourInvitations = await db()
        .select({ invitedByUserId: workspaceInvitations.invitedByUserId })
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.workspaceId, neighbourWorkspace));
      expect(neighbourInvitations).toEqual([]);
      // A key they made there is revoked, as when a member is removed, not left listed Active.
      const [keptKey] = await db()
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.id, neighbourKey?.id ?? ""));
      expect(keptKey).toMatchObject({ createdByUserId: null, revokedReason: "creator_removed" });
      expect(keptKey?.revokedAt).not.toBeNull();
      const neighbourMe = await request("GET", "/api/me", neighbour.cookie);
      expect(neighbourMe.statusCode).toBe(200);
    });
  });
});
