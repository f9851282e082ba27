import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactors, twoFactorUsedCodes } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { cookieHeader, createTestApp, signUp, type TestApp } from "../../test/test-app.ts";
import { base32Decode, totpCode, totpSecretFromUri, wrongTotpCode } from "../../test/totp.ts";

/** The Cookie header a browser would send next: the cookies a response set, minus cleared ones. */
function liveCookies(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== "" && cookie.maxAge !== 0)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}

function post(app: TestApp, url: string, payload: Record<string, unknown>, cookie?: string) {
  return app.server.inject({
    method: "POST",
    url: `/api/auth${url}`,
    payload,
    headers: cookie ? { cookie } : {},
  });
}

async function me(app: TestApp, cookie: string) {
  return app.server.inject({ method: "GET", url: "/api/me", headers: { cookie } });
}

/** A new user with two-factor sign-in on: their password, secret and backup codes. */
async function userWithTwoFactor(app: TestApp) {
  const { input, cookie, userId } = await signUp(app);
  const enabled = await post(app, "/two-factor/enable", { password: input.password }, cookie);
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const secret = totpSecretFromUri(totpURI);
  // The previous step's code (still in the window), so the current one is left for sign-in:
  // a code is accepted once only.
  const verified = await post(
    app,
    "/two-factor/verify-totp",
    { code: totpCode(secret, new Date(Date.now() - 30_000)) },
    cookie,
  );
  expect(verified.statusCode).toBe(200);
  return { input, userId, secret, backupCodes, cookie: liveCookies(verified) };
}

/** Email and password right: the answer is "a code is due", with the challenge cookie only. */
async function signInWithPassword(app: TestApp, input: { email: string; password: string }) {
  const response = await post(app, "/sign-in/email", {
    email: input.email,
    password: input.password,
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
  return liveCookies(response);
}

describe.each(testDatabaseKinds())("two-factor sign-in on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  it("enables only with the password and then a valid code, storing the secrets encrypted", async () => {
    const { input, cookie, userId } = await signUp(app);

    const wrongPassword = await post(app, "/two-factor/enable", { password: "not-it" }, cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toEqual({
      code: "INVALID_PASSWORD",
      message: "Invalid password",
    });
    const noPassword = await post(app, "/two-factor/enable", {}, cookie);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Password is required",
    });
    const signedOut = await post(app, "/two-factor/enable", { password: input.password });
    expect(signedOut.statusCode).toBe(401);

    const enabled = await post(app, "/two-factor/enable", { password: input.password }, cookie);
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const [label, query] = totpURI.split("?");
    expect(decodeURIComponent(label ?? "")).toBe(`otpauth://totp/Utmost:${input.email}`);
    expect(new URLSearchParams(query).get("issuer")).toBe("Utmost");
    expect(backupCodes).toHaveLength(10);
    // Read off paper and typed back: no look-alike characters (0/O, 1/l/I).
    for (const code of backupCodes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    const secret = totpSecretFromUri(totpURI);

    const [row] = await app.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    expect(row?.verified).toBe(false);
    expect(row?.secret).not.toContain(secret);
    expect(row?.secret).not.toContain(base32Decode(secret).toString("utf8"));
    for (const code of backupCodes) expect(row?.backupCodes).not.toContain(code);
    expect((await me(app, cookie)).json().twoFactorEnabled).toBe(false);

    const wrong = await post(
      app,
      "/two-factor/verify-totp",
      { code: wrongTotpCode(secret) },
      cookie,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: "INVALID_CODE", message: "Invalid code" });
    expect((await me(app, cookie)).json().twoFactorEnabled).toBe(false);

    const right = await post(app, "/two-factor/verify-totp", { code: totpCode(secret) }, cookie);
    expect(right.statusCode).toBe(200);
    expect(JSON.stringify(right.json())).not.toContain("token");
    const meAfter = await me(app, liveCookies(right));
    expect(meAfter.statusCode).toBe(200);
    expect(meAfter.json().twoFactorEnabled).toBe(true);
  });

  it("sets up a second factor only on a verified address (the link signs in without one)", async () => {
    const { input, cookie, userId } = await signUp(app, undefined, { verified: false });
    const refused = await post(app, "/two-factor/enable", { password: input.password }, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: "EMAIL_NOT_VERIFIED" } });
    const rows = await app.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    expect(rows).toEqual([]);
  });

  it("gives no session at the next sign-in until a valid code is given", async () => {
    const { input, secret } = await userWithTwoFactor(app);

    const challenge = await signInWithPassword(app, input);
    expect(challenge).toContain("utmost.two_factor=");
    expect(challenge).not.toContain("utmost.session_token=");
    expect((await me(app, challenge)).statusCode).toBe(401);

    const malformed = await post(app, "/two-factor/verify-totp", { code: "12ab" }, challenge);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe("Enter the 6-digit code");

    const wrong = await post(
      app,
      "/two-factor/verify-totp",
      { code: wrongTotpCode(secret) },
      challenge,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: "INVALID_CODE", message: "Invalid code" });
    expect(wrong.cookies.some((c) => c.name === "utmost.session_token" && c.value)).toBe(false);

    const right = await post(app, "/two-factor/verify-totp", { code: totpCode(secret) }, challenge);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      user: { id: expect.any(String), fullName: input.fullName, email: input.email },
    });
    const session = liveCookies(right);
    expect(session).toContain("utmost.session_token=");
    const signedIn = await me(app, session);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: input.email }, twoFactorEnabled: true });

    // The challenge is spent: its cookie cannot open a second session.
    const replay = await post(
      app,
      "/two-factor/verify-totp",
      { code: totpCode(secret) },
      challenge,
    );
    expect(replay.statusCode).toBe(401);
  });

  it("accepts a code once: the same code cannot open a second session, even from another sign-in", async () => {
    const { input, secret, userId } = await userWithTwoFactor(app);
    const code = totpCode(secret);
    const usedCodes = () =>
      app.database.db
        .select()
        .from(twoFactorUsedCodes)
        .where(eq(twoFactorUsedCodes.userId, userId));

    // A wrong code is refused and burns nothing.
    const first = await signInWithPassword(app, input);
    const wrong = await post(
      app,
      "/two-factor/verify-totp",
      { code: wrongTotpCode(secret) },
      first,
    );
    expect(wrong.statusCode).toBe(401);
    expect(await usedCodes()).toHaveLength(1);

    const right = await post(app, "/two-factor/verify-totp", { code }, first);
    expect(right.statusCode).toBe(200);
    expect((await me(app, liveCookies(right))).statusCode).toBe(200);
    expect(await usedCodes()).toHaveLength(2);

    // Another sign-in with the right password, then the code already used: refused as wrong.
    const second = await signInWithPassword(app, input);
    const replay = await post(app, "/two-factor/verify-totp", { code }, second);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({ code: "INVALID_CODE", message: "Invalid code" });
    expect(liveCookies(replay)).not.toContain("utmost.session_token=");

    // The challenge is still good for the next code.
    const next = await post(
      app,
      "/two-factor/verify-totp",
      { code: totpCode(secret, new Date(Date.now() + 30_000)) },
      second,
    );
    expect(next.statusCode).toBe(200);
  });

  it("lets only one of two sign-ins racing with one code through", async () => {
    const { input, secret } = await userWithTwoFactor(app);
    const challenges = [await signInWithPassword(app, input), await signInWithPassword(app, input)];
    const code = totpCode(secret);
    const answers = await Promise.all(
      challenges.map((challenge) => post(app, "/two-factor/verify-totp", { code }, challenge)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it("refuses a code with no sign-in in progress", async () => {
    const response = await post(app, "/two-factor/verify-totp", { code: "123456" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("accepts a backup code once and only once", async () => {
    const { input, backupCodes } = await userWithTwoFactor(app);
    const [first, second] = backupCodes as [string, string];

    const used = await post(
      app,
      "/two-factor/verify-backup-code",
      { code: first },
      await signInWithPassword(app, input),
    );
    expect(used.statusCode).toBe(200);
    expect((await me(app, liveCookies(used))).statusCode).toBe(200);

    const challenge = await signInWithPassword(app, input);
    const again = await post(app, "/two-factor/verify-backup-code", { code: first }, challenge);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toEqual({
      code: "INVALID_BACKUP_CODE",
      message: "Invalid backup code",
    });

    const next = await post(app, "/two-factor/verify-backup-code", { code: second }, challenge);
    expect(next.statusCode).toBe(200);
    expect((await me(app, liveCookies(next))).statusCode).toBe(200);
  });

  it("disables only with the password; the next sign-in needs no code", async () => {
    const { input, cookie, userId } = await userWithTwoFactor(app);

    const wrong = await post(app, "/two-factor/disable", { password: "not-it" }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("INVALID_PASSWORD");
    expect((await me(app, cookie)).json().twoFactorEnabled).toBe(true);

    const disabled = await post(app, "/two-factor/disable", { password: input.password }, cookie);
    expect(disabled.statusCode).toBe(200);
    expect((await me(app, liveCookies(disabled))).json().twoFactorEnabled).toBe(false);
    const rows = await app.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    expect(rows).toEqual([]);

    const signIn = await post(app, "/sign-in/email", {
      email: input.email,
      password: input.password,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.email).toBe(input.email);
    expect(cookieHeader(signIn)).toContain("utmost.session_token=");
  });
});

describe("two-factor limits", () => {
  it("rate-limits repeated code attempts from one address", async () => {
    const app = await createTestApp("pglite", { AUTH_RATE_LIMIT_MAX: "3" });
    try {
      // Finishing the set-up is the first of the three verify requests this window allows.
      const { input, secret } = await userWithTwoFactor(app);
      const challenge = await signInWithPassword(app, input);
      const attempt = () =>
        post(app, "/two-factor/verify-totp", { code: wrongTotpCode(secret) }, challenge);
      for (let i = 0; i < 2; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe("RATE_LIMITED");
    } finally {
      await app.close();
    }
  });
});
