import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions, users } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { PRODUCTION_ENV } from "../../test/production.ts";
import { cookieHeader, createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";
import { newestMailTo } from "../mail/mail.testing.ts";

/** The verification link in a mail's text body. */
function verificationLink(text: string): string {
  const match = text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/);
  if (!match) throw new Error(`no verification link in:\n${text}`);
  return match[0];
}

describe.each(testDatabaseKinds())("accounts on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    app.server.inject({
      method: "POST",
      url,
      payload: payload as Record<string, unknown>,
      headers: cookie ? { cookie } : {},
    });
  const lastMailTo = (email: string) => newestMailTo(app.database.db, email);
  const countUsers = async (email: string) =>
    (await app.database.db.select().from(users).where(eq(users.email, email))).length;

  it("signs up without a session, mails a verification link that signs in, and creates a free subscription", async () => {
    const input = newUser({ fullName: "Ada Lovelace" });
    const response = await post("/api/auth/sign-up/email", input);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      user: { id: expect.any(String), fullName: "Ada Lovelace", email: input.email },
    });
    expect(JSON.stringify(body)).not.toContain("token");
    // No session yet: a taken address must get the same answer (see the test below).
    expect(response.cookies).toHaveLength(0);

    const [subscription] = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, body.user.id));
    expect(subscription).toMatchObject({
      tier: "free",
      status: "active",
      dataSourceLimit: 1,
      dataSourcesUsed: 0,
    });

    const mail = await lastMailTo(input.email);
    expect(mail.subject).toBe("Verify your email address for Utmost");
    const link = new URL(verificationLink(mail.text));
    const landing = await app.server.inject({ method: "GET", url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe("/auth?verified=1");
    const session = landing.cookies.find((cookie) => cookie.name === "utmost.session_token");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.secure).toBeUndefined();

    const me = await app.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: cookieHeader(landing) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { fullName: "Ada Lovelace", email: input.email },
      emailVerified: true,
      isAdmin: false,
      onboardingCompleted: false,
      subscription: { tier: "free", dataSourceLimit: 1, dataSourcesUsed: 0 },
    });
  });

  it("answers a sign-up with a taken address exactly as a new one, and mails the owner instead", async () => {
    const { input } = await signUp(app, newUser({ fullName: "Olive Owner" }));
    const fresh = await post("/api/auth/sign-up/email", newUser({ fullName: "Someone Else" }));
    const taken = await post("/api/auth/sign-up/email", {
      ...newUser({ fullName: "Someone Else" }),
      email: input.email.toUpperCase(),
      password: "another-password",
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json())).toEqual(Object.keys(fresh.json()));
    expect(Object.keys(taken.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(taken.json().user).toMatchObject({ fullName: "Someone Else", email: input.email });
    expect(taken.cookies).toEqual([]);
    expect(fresh.cookies).toEqual([]);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(await countUsers(input.email)).toBe(1);

    const mail = await lastMailTo(input.email);
    expect(mail.subject).toBe("Someone tried to create an Utmost account with your address");
    expect(mail.text).toContain("Hi Olive Owner,");
    expect(mail.text).toContain(`${app.config.appUrl}/auth?mode=forgot`);
    // The owner's password still signs in; the attacker's does not.
    expect((await post("/api/auth/sign-in/email", input)).statusCode).toBe(200);
    const attacker = await post("/api/auth/sign-in/email", {
      email: input.email,
      password: "another-password",
    });
    expect(attacker.statusCode).toBe(401);
  });

  it.each([
    ["a short password", { password: "12345" }, "Password must be at least 6 characters"],
    ["a missing name", { fullName: undefined }, "Full name is required"],
    ["a blank name", { fullName: "   " }, "Full name is required"],
    ["a malformed email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["a missing password", { password: undefined }, "Password is required"],
  ])("refuses %s with 400 and writes nothing", async (_label, change, message) => {
    const input = { ...newUser(), ...change };
    const response = await post("/api/auth/sign-up/email", input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "VALIDATION_FAILED", message });
    expect(response.cookies).toHaveLength(0);
    if (input.email) expect(await countUsers(input.email)).toBe(0);
  });

  it("refuses malformed JSON with 400 and a clear message", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json" },
      payload: '{"fullName": "A", "email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "INVALID_JSON", message: "Request body is not valid JSON" },
    });
  });

  it("signs in with the right password and refuses a wrong one", async () => {
    const { input } = await signUp(app);
    const wrong = await post("/api/auth/sign-in/email", {
      email: input.email,
      password: "wrong-password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
    expect(wrong.cookies).toHaveLength(0);

    const right = await post("/api/auth/sign-in/email", {
      email: input.email,
      password: input.password,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.email).toBe(input.email);
    expect(cookieHeader(right)).toContain("utmost.session_token=");
  });

  it("validates sign-in input on the server", async () => {
    const response = await post("/api/auth/sign-in/email", { email: "a@b.co", password: "123" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Password must be at least 6 characters");
  });

  it("signs out: the old cookie no longer opens the app", async () => {
    const { cookie } = await signUp(app);
    const out = await post("/api/auth/sign-out", {}, cookie);
    expect(out.statusCode).toBe(200);
    const me = await app.server.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe("UNAUTHENTICATED");
  });
});

describe("account cookies and limits", () => {
  it("marks the session cookie Secure in production", async () => {
    const app = await createTestApp("pglite", PRODUCTION_ENV);
    try {
      const input = newUser();
      await signUp(app, input);
      const response = await app.server.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: input.email, password: input.password },
      });
      expect(response.statusCode).toBe(200);
      const session = response.cookies.find((c) => c.name.endsWith("utmost.session_token"));
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
    } finally {
      await app.close();
    }
  });

  it("rate-limits repeated sign-in attempts from one address", async () => {
    const app = await createTestApp("pglite", { AUTH_RATE_LIMIT_MAX: "3" });
    try {
      const attempt = () =>
        app.server.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email: "nobody@example.com", password: "wrong-password" },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe("RATE_LIMITED");
    } finally {
      await app.close();
    }
  });
});
