import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, userRoles, users } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { cookieHeader, createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";
import { grantAdminEmails } from "../admin/admin.service.ts";
import { newestMailTo } from "../mail/mail.testing.ts";
import { insertTeam } from "../workspaces/workspaces.testing.ts";

const ADMIN_EMAIL = "first-boss@example.com";

describe.each(testDatabaseKinds())("email verification on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { ADMIN_EMAILS: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await app.close();
  });

  const inject = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
    app.server.inject({ method, url, headers: { cookie }, payload });

  const lastMailTo = (email: string) => newestMailTo(app.database.db, email);

  async function followVerificationLink(email: string) {
    const match = (await lastMailTo(email)).text.match(
      /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/,
    );
    if (!match) throw new Error(`no verification link to ${email}`);
    const link = new URL(match[0]);
    return app.server.inject({ method: "GET", url: link.pathname + link.search });
  }

  async function isAdmin(userId: string) {
    const rows = await app.database.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
    return rows.length > 0;
  }

  it("lets an unverified user sign in and resend the link, but not invite, alert or make API keys", async () => {
    const { input, cookie, userId } = await signUp(app, newUser(), { verified: false });
    const me = await inject("GET", "/api/me", cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().emailVerified).toBe(false);

    const team = await insertTeam(app.database.db, userId);
    await setPlan(app.database.db, userId, "agency");
    const refusal = {
      code: "EMAIL_NOT_VERIFIED",
      message: `Verify your email address first: we sent a link to ${input.email}.`,
    };
    const invite = await inject("POST", `/api/workspaces/${team.id}/invitations`, cookie, {
      email: "victim@example.com",
      role: "member",
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error).toEqual(refusal);
    const rule = await inject("POST", `/api/workspaces/${team.id}/alert-rules`, cookie, {
      alertType: "email",
      destination: "victim@example.com",
    });
    expect(rule.statusCode).toBe(403);
    expect(rule.json().error).toEqual(refusal);
    const key = await inject("POST", `/api/workspaces/${team.id}/api-keys`, cookie, {
      name: "CI",
    });
    expect(key.statusCode).toBe(403);
    expect(key.json().error).toEqual(refusal);
    const mailed = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "victim@example.com"));
    expect(mailed).toEqual([]);

    // Resending mails a new link, which verifies; then the same requests go through.
    const resend = await inject("POST", "/api/auth/send-verification-email", cookie, {
      email: input.email,
    });
    expect(resend.statusCode).toBe(200);
    const landing = await followVerificationLink(input.email);
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe("/auth?verified=1");
    expect((await inject("GET", "/api/me", cookie)).json().emailVerified).toBe(true);
    const retried = await inject("POST", `/api/workspaces/${team.id}/api-keys`, cookie, {
      name: "CI",
    });
    expect(retried.statusCode).toBe(201);
  });

  it("mails the link with no link made of the name the sign-up typed", async () => {
    const input = newUser({ fullName: "Locked out? verify at https://evil.example now" });
    const signedUp = await app.server.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: input,
    });
    expect(signedUp.statusCode).toBe(200);
    const mail = await lastMailTo(input.email);
    expect(mail.text).toContain("verify-email?token=");
    expect(mail.text).not.toContain("https://evil.example");
    expect(mail.html).not.toContain("https://evil.example");
  });

  it("makes an ADMIN_EMAILS address an admin only once it is verified", async () => {
    const input = newUser({ email: ADMIN_EMAIL });
    const signedUp = await app.server.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: input,
    });
    expect(signedUp.statusCode).toBe(200);
    const userId = signedUp.json().user.id as string;
    expect(await isAdmin(userId)).toBe(false);

    // The start of the server grants listed addresses, verified ones only.
    expect(await grantAdminEmails(app.database.db, [ADMIN_EMAIL])).toEqual([]);
    expect(await isAdmin(userId)).toBe(false);
    const signIn = await app.server.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: input.email, password: input.password },
    });
    const console = await inject("GET", "/api/admin/stats", cookieHeader(signIn));
    expect(console.statusCode).toBe(403);

    const landing = await followVerificationLink(ADMIN_EMAIL);
    expect(landing.statusCode).toBe(302);
    expect(await isAdmin(userId)).toBe(true);
    const admin = await inject("GET", "/api/admin/stats", cookieHeader(landing));
    expect(admin.statusCode).toBe(200);
  });

  it("verifies the address of an invitee who accepts the mailed invitation", async () => {
    const owner = await signUp(app);
    const team = await insertTeam(app.database.db, owner.userId);
    await setPlan(app.database.db, owner.userId, "agency");
    const invitee = newUser();
    const sent = await inject("POST", `/api/workspaces/${team.id}/invitations`, owner.cookie, {
      email: invitee.email,
      role: "member",
    });
    expect(sent.statusCode).toBe(201);
    const token = decodeURIComponent(
      (await lastMailTo(invitee.email)).text.match(/\/invite\/accept\?token=(\S+)/)?.[1] ?? "",
    );

    const { cookie, userId } = await signUp(app, invitee, { verified: false });
    const accepted = await inject("POST", "/api/invitations/accept", cookie, { token });
    expect(accepted.statusCode).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerified).toBe(true);
  });
});
