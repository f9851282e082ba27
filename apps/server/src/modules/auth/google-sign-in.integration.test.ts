import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, subscriptions, users } from "../../db/schema.ts";
import { consentDecision } from "../../integrations/google/testing.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { cookieHeader, createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * "Continue with Google" against a Google stand-in running on its own, the way production runs
 * against Google: discovery document, code exchange with PKCE, id_token verified with the JWKS.
 */
describe.each(testDatabaseKinds())("Google sign-in on %s", (kind) => {
  let emulator: Awaited<ReturnType<typeof import("@utmost/google-emulator").startGoogleEmulator>>;
  let app: TestApp;
  beforeAll(async () => {
    const { startGoogleEmulator } = await import("@utmost/google-emulator");
    emulator = await startGoogleEmulator();
    app = await createTestApp(kind, { GOOGLE_EMULATOR_URL: emulator.url });
  });
  afterAll(async () => {
    await app?.close();
    await emulator?.close();
  });

  const start = (payload: Record<string, unknown>) =>
    app.server.inject({ method: "POST", url: "/api/auth/sign-in/social", payload });

  /** Sign-in from the button to the callback; returns the callback's answer. */
  async function signInAs(email: string) {
    const started = await start({ provider: "google" });
    expect(started.statusCode).toBe(200);
    const { url } = started.json() as { url: string };
    const location = await consentDecision(url, { email, decision: "allow" });
    const callback = new URL(location);
    expect(callback.pathname).toBe("/api/auth/callback/google");
    return app.server.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(started) },
    });
  }

  it("sends the browser to the stand-in's consent page with PKCE and a state", async () => {
    const response = await start({ provider: "google" });
    const url = new URL(response.json().url);
    expect(url.origin + url.pathname).toBe(`${emulator.url}/o/oauth2/v2/auth`);
    expect(url.searchParams.get("client_id")).toBe("utmost-demo.apps.googleusercontent.com");
    expect(url.searchParams.get("redirect_uri")).toBe(
      `${app.config.appUrl}/api/auth/callback/google`,
    );
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["openid", "email", "profile"]),
    );
  });

  it("refuses other providers and paths off the site", async () => {
    expect((await start({ provider: "github" })).statusCode).toBe(400);
    const offSite = await start({ provider: "google", callbackURL: "https://evil.test/" });
    expect(offSite.statusCode).toBe(400);
    expect(offSite.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("makes a new user with a free plan, then signs the same user in again", async () => {
    const first = await signInAs("sam.lee@gmail.com");
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("/onboarding");
    const session = cookieHeader(first);
    const me = await app.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: session },
    });
    expect(me.json().user).toMatchObject({ email: "sam.lee@gmail.com", fullName: "Sam Lee" });
    // Google vouches for the address (email_verified): nothing to verify here.
    expect(me.json().emailVerified).toBe(true);

    const [user] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "sam.lee@gmail.com"));
    const [plan] = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user?.id ?? ""));
    expect(plan?.tier).toBe("free");
    const [link] = await app.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ""));
    expect(link?.providerId).toBe("google");
    // Google's tokens are never stored in clear text.
    expect(link?.accessToken ?? "").not.toMatch(/^ya29\./);

    const second = await signInAs("sam.lee@gmail.com");
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe("/dashboard");
    const again = await app.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: cookieHeader(second) },
    });
    expect(again.json().user.id).toBe(user?.id);
  });

  it("comes back to the error path when the person denies", async () => {
    const started = await start({ provider: "google", errorCallbackURL: "/auth?mode=signin" });
    const location = await consentDecision(started.json().url, { decision: "deny" });
    const callback = new URL(location);
    const response = await app.server.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(started) },
    });
    expect(response.statusCode).toBe(302);
    const back = new URL(response.headers.location as string, app.config.appUrl);
    expect(back.pathname).toBe("/auth");
    expect(back.searchParams.get("error")).toBe("access_denied");
  });
});

describe("Google sign-in when Google is not set up", () => {
  it("answers 404 with a clear message", async () => {
    const app = await createTestApp("pglite", { DEMO_MODE: "false" });
    try {
      const response = await app.server.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        payload: { provider: "google" },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(
        "Sign in with Google is not set up on this server",
      );
    } finally {
      await app.close();
    }
  });
});
