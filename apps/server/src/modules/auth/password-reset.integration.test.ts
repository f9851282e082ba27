import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpInbox, startSmtp } from "../../test/smtp.ts";
import { createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";

/** The reset link out of a quoted-printable text body. */
function resetLink(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = unfolded.match(/https?:\/\/\S+\/api\/auth\/reset-password\/[^\s"<]+/);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return match[0];
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("password reset by email over SMTP", () => {
  let smtp: SmtpInbox;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await createTestApp("pglite", { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("mails a one-time link that sets a new password and signs every session out", async () => {
    const { input, cookie } = await signUp(app, newUser({ fullName: "Grace Hopper" }));
    const request = await app.server.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: input.email, redirectTo: "/auth/reset-password" },
    });
    expect(request.statusCode).toBe(200);

    // The sign-up's verification mail went to the same address first.
    const mail = await waitFor(() =>
      smtp.inbox.find(
        (m) => m.to.includes(input.email) && m.raw.includes("Subject: Reset your Utmost password"),
      ),
    );
    expect(mail.raw).toContain("Hi Grace Hopper,");
    const link = new URL(resetLink(mail.raw));

    const landing = await app.server.inject({ method: "GET", url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, "http://x");
    expect(target.pathname).toBe("/auth/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const short = await app.server.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "123" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe("Password must be at least 6 characters");

    const reset = await app.server.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "a-brand-new-secret" },
    });
    expect(reset.statusCode).toBe(200);
    const me = await app.server.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(401);

    const signIn = (password: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: input.email, password },
      });
    expect((await signIn(input.password)).statusCode).toBe(401);
    expect((await signIn("a-brand-new-secret")).statusCode).toBe(200);

    const reused = await app.server.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "yet-another-secret" },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("INVALID_TOKEN");
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const before = smtp.inbox.length;
    const response = await app.server.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: "nobody-here@example.com" },
    });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.inbox.length).toBe(before);
  });

  it("sends one address at most 3 reset emails an hour, from however many client addresses", async () => {
    const { input } = await signUp(app);
    const resetMails = () =>
      smtp.inbox.filter(
        (m) => m.to.includes(input.email) && m.raw.includes("Subject: Reset your Utmost password"),
      ).length;
    const ask = (email: string, client: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email },
        remoteAddress: client,
      });
    for (let i = 1; i <= 3; i++) {
      expect((await ask(input.email, `198.51.100.${i}`)).statusCode).toBe(200);
    }
    await waitFor(() => (resetMails() === 3 ? true : undefined));
    // The same address in another case and with spaces is the same inbox.
    const refused = await ask(`  ${input.email.toUpperCase()} `, "198.51.100.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    expect(refused.json().error.message).toBe(
      "Too many password reset emails requested for this address. Try again in 60 minutes.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    // Another address is not held back, and an unknown one counts the same way.
    expect((await ask(newUser().email, "198.51.100.9")).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resetMails()).toBe(3);
  });

  it("refuses a redirect to another site", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: "a@example.com", redirectTo: "//evil.example.com/steal" },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("password reset in the embedded default", () => {
  it("keeps the mail in the outbox, readable while signed out", async () => {
    const app = await createTestApp("pglite", { DEMO_MODE: "true" });
    try {
      const { input } = await signUp(app);
      await app.server.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email: input.email },
      });
      const config = await app.server.inject({ method: "GET", url: "/api/config" });
      expect(config.json()).toEqual({
        outboxEnabled: true,
        googleSignIn: true,
        billingMode: "test",
      });
      const outbox = await app.server.inject({ method: "GET", url: "/api/dev/outbox" });
      expect(outbox.statusCode).toBe(200);
      const [message] = outbox.json().messages;
      expect(message).toMatchObject({ to: input.email, subject: "Reset your Utmost password" });
      expect(message.text).toContain("/api/auth/reset-password/");
    } finally {
      await app.close();
    }
  });

  it("hides the outbox outside demo mode", async () => {
    const app = await createTestApp("pglite", { DEMO_MODE: "false" });
    try {
      expect((await app.server.inject({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(
        404,
      );
      const config = await app.server.inject({ method: "GET", url: "/api/config" });
      expect(config.json()).toEqual({
        outboxEnabled: false,
        googleSignIn: false,
        billingMode: null,
      });
    } finally {
      await app.close();
    }
  });
});
