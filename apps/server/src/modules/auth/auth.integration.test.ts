import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions, users } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { PRODUCTION_ENV } from "../../test/production.ts";
import { cookieHeader, createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";

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
  const countUsers = async (email: string) =>
    (await app.database.db.select().from(users).where(eq(users.email, email))).length;

  it("signs up, sets an httpOnly SameSite=Lax session cookie and creates a free subscription", async () => {
    const input = newUser({ fullName: "Ada Lovelace" });
    const response = await post("/api/auth/sign-up/email", input);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      user: { id: expect.any(String), fullName: "Ada Lovelace", email: input.email },
    });
    expect(JSON.stringify(body)).not.toContain("token");

    const session = response.cookies.find((cookie) => cookie.name === "utmost.session_token");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.secure).toBeUndefined();

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

    const me = await app.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: cookieHeader(response) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { fullName: "Ada Lovelace", email: input.email },
      isAdmin: false,
      onboardingCompleted: false,
      subscription: { tier: "free", dataSourceLimit: 1, dataSourcesUsed: 0 },
    });
  });

  it("refuses a duplicate email with 400 and writes nothing", async () => {
    const { input } = await signUp(app);
    const response = await post("/api/auth/sign-up/email", {
      ...input,
      email: input.email.toUpperCase(),
      fullName: "Someone Else",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
      message: "User already exists. Use another email.",
    });
    expect(await countUsers(input.email)).toBe(1);
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
      const response = await app.server.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: newUser(),
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
