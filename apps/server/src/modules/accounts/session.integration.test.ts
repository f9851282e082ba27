import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, newUser, signUp, type TestApp } from "../../test/test-app.ts";

describe("GET /api/session", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp("pglite");
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, cookie?: string) =>
    app.server.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("answers null with 200 to a visitor without a session, while /api/me stays guarded", async () => {
    const session = await get("/api/session");
    expect(session.statusCode).toBe(200);
    expect(session.json()).toBeNull();
    expect(session.headers["cache-control"]).toBe("no-store");
    expect((await get("/api/me")).statusCode).toBe(401);
    // A forged or stale cookie is no session either.
    const forged = await get("/api/session", "utmost.session_token=made-up.c2lnbmF0dXJl");
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toBeNull();
  });

  it("answers a signed-in user with what /api/me answers", async () => {
    const { input, cookie } = await signUp(app, newUser({ fullName: "Ada Lovelace" }));
    const session = await get("/api/session", cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      user: { email: input.email, fullName: "Ada Lovelace" },
    });
    expect(session.json()).toEqual((await get("/api/me", cookie)).json());
  });
});
