import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { cookieHeader, createTestApp, signUp, type TestApp } from "../../test/test-app.ts";

const LAPTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Where a user is signed in, and signing other browsers out (spec §7 auth: sign out scopes). */
describe.each(testDatabaseKinds())("signed-in sessions on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie: string) =>
    app.server.inject({ method, url, headers: { cookie } });

  /** Another browser of the same account: a sign-in with its own user agent. */
  async function signInFrom(email: string, password: string, userAgent: string) {
    const response = await app.server.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "user-agent": userAgent },
      payload: { email, password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return cookieHeader(response);
  }

  async function threeBrowsers() {
    const account = await signUp(app);
    const laptop = await signInFrom(account.input.email, account.input.password, LAPTOP);
    const phone = await signInFrom(account.input.email, account.input.password, PHONE);
    return { ...account, laptop, phone };
  }

  it("lists where the user is signed in, this browser first, with no token", async () => {
    const { userId, laptop } = await threeBrowsers();
    const other = await signUp(app);

    const response = await call("GET", "/api/me/sessions", laptop);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const listed = response.json().sessions as { id: string; current: boolean }[];
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, userAgent: LAPTOP });
    expect(listed.slice(1).map((s) => s.current)).toEqual([false, false]);
    expect(listed[1]).toMatchObject({ userAgent: PHONE });

    const stored = await app.database.db
      .select({ id: sessions.id, token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(listed.map((s) => s.id).sort()).toEqual(stored.map((s) => s.id).sort());
    for (const { token } of stored) expect(response.body).not.toContain(token);
    expect(response.body).not.toContain(other.userId);
  });

  it("signs another browser out: its next request is signed out, this one goes on", async () => {
    const { laptop, phone } = await threeBrowsers();
    const listed = (await call("GET", "/api/me/sessions", laptop)).json().sessions;
    const phoneSession = listed.find((s: { userAgent: string }) => s.userAgent === PHONE);

    const ended = await call("DELETE", `/api/me/sessions/${phoneSession.id}`, laptop);
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await call("GET", "/api/me", phone)).statusCode).toBe(401);
    expect((await call("GET", "/api/me", laptop)).statusCode).toBe(200);
    const after = (await call("GET", "/api/me/sessions", laptop)).json().sessions;
    expect(after.map((s: { id: string }) => s.id)).not.toContain(phoneSession.id);
  });

  it("refuses this browser's own session, and another user's as one that does not exist", async () => {
    const { laptop } = await threeBrowsers();
    const current = (await call("GET", "/api/me/sessions", laptop)).json().sessions[0];
    const own = await call("DELETE", `/api/me/sessions/${current.id}`, laptop);
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toMatchObject({
      code: "BAD_REQUEST",
      message: "This is the session you are using: sign out instead",
    });

    const stranger = await signUp(app);
    const theirs = (await call("GET", "/api/me/sessions", stranger.cookie)).json().sessions[0];
    const refused = await call("DELETE", `/api/me/sessions/${theirs.id}`, laptop);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatchObject({ code: "NOT_FOUND", message: "Session not found" });
    expect((await call("GET", "/api/me", stranger.cookie)).statusCode).toBe(200);
    expect((await call("DELETE", "/api/me/sessions/no-such-session", laptop)).statusCode).toBe(404);
  });

  it("signs out everywhere else at once", async () => {
    const { cookie, laptop, phone } = await threeBrowsers();
    const response = await call("POST", "/api/me/sessions/sign-out-others", laptop);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedOut: 2 });
    expect((await call("GET", "/api/me", cookie)).statusCode).toBe(401);
    expect((await call("GET", "/api/me", phone)).statusCode).toBe(401);
    expect((await call("GET", "/api/me", laptop)).statusCode).toBe(200);
    expect((await call("GET", "/api/me/sessions", laptop)).json().sessions).toHaveLength(1);
    expect((await call("POST", "/api/me/sessions/sign-out-others", laptop)).json()).toEqual({
      signedOut: 0,
    });
  });

  it("answers a visitor 401", async () => {
    for (const [method, url] of [
      ["GET", "/api/me/sessions"],
      ["DELETE", "/api/me/sessions/anything"],
      ["POST", "/api/me/sessions/sign-out-others"],
    ] as const) {
      expect((await app.server.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
