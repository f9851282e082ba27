import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, workspaces } from "./db/schema.ts";
import { testDatabaseKinds } from "./test/databases.ts";
import { PRODUCTION_ENV } from "./test/production.ts";
import { cookieHeader, createTestApp, newUser, signUp, type TestApp } from "./test/test-app.ts";

/**
 * Issue 11, security headers and sessions: what every response says to the browser, CSRF on
 * state-changing routes, and sessions ended by a password change. Cookie flags and the sign-in
 * rate limits are proven in modules/auth/auth.integration.test.ts.
 */

function directives(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = "", ...values] = part.split(/\s+/);
        return [name, values.join(" ")] as const;
      }),
  );
}

describe("security headers", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp("pglite");
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(["/api/health", "/api/me", "/dashboard", "/"])(
    "%s carries a strict CSP and refuses to be framed",
    async (url) => {
      const response = await app.server.inject({ method: "GET", url });
      const csp = directives(response.headers["content-security-policy"] as string);
      expect(csp.get("default-src")).toBe("'self'");
      expect(csp.get("object-src")).toBe("'none'");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(csp.get("base-uri")).toBe("'self'");
      expect(csp.get("script-src")).toBe("'self'");
      expect(csp.has("upgrade-insecure-requests")).toBe(false);
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
      // Plain http on localhost: no HSTS outside production.
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    },
  );

  it("sends HSTS and upgrades insecure requests in production", async () => {
    const production = await createTestApp("pglite", PRODUCTION_ENV);
    try {
      const response = await production.server.inject({ method: "GET", url: "/api/health" });
      expect(response.headers["strict-transport-security"]).toMatch(
        /max-age=\d{8}; includeSubDomains/,
      );
      const csp = directives(response.headers["content-security-policy"] as string);
      expect(csp.has("upgrade-insecure-requests")).toBe(true);
      expect(csp.get("frame-ancestors")).toBe("'none'");
    } finally {
      await production.close();
    }
  });
});

describe.each(testDatabaseKinds())("CSRF and sessions on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  const createWorkspace = (cookie: string, headers: Record<string, string>, name: string) =>
    app.server.inject({
      method: "POST",
      url: "/api/workspaces",
      payload: { name },
      headers: { cookie, ...headers },
    });
  const workspacesNamed = async (name: string) =>
    (await app.database.db.select().from(workspaces).where(eq(workspaces.name, name))).length;

  it("refuses a state-changing request another site's page sends with the user's cookies", async () => {
    const { cookie } = await signUp(app);
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://blog.utmost.example" },
      // A browser's word wins over a forged-looking but matching Origin.
      { "sec-fetch-site": "cross-site", origin: "http://localhost:3000" },
    ];
    for (const headers of crossSite) {
      const response = await createWorkspace(cookie, headers, "Planted by another site");
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("CROSS_SITE_REQUEST");
    }
    expect(await workspacesNamed("Planted by another site")).toBe(0);

    // Deleting and renaming are refused the same way.
    const [mine] = (
      await app.server.inject({ method: "GET", url: "/api/workspaces", headers: { cookie } })
    ).json().workspaces;
    const remove = await app.server.inject({
      method: "DELETE",
      url: `/api/workspaces/${mine.id}`,
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(remove.statusCode).toBe(403);
  });

  it("accepts the app's own pages, and reads from anywhere stay reads", async () => {
    const { cookie } = await signUp(app);
    const sameOrigin = await createWorkspace(cookie, { origin: app.config.appUrl }, "From the app");
    expect(sameOrigin.statusCode).toBe(201);
    const sameSite = await createWorkspace(cookie, { "sec-fetch-site": "same-origin" }, "Fetch");
    expect(sameSite.statusCode).toBe(201);
    // The app's own form posts under Referrer-Policy: no-referrer carry Origin: null.
    const form = await createWorkspace(
      cookie,
      { "sec-fetch-site": "same-origin", origin: "null" },
      "Form post",
    );
    expect(form.statusCode).toBe(201);
    const read = await app.server.inject({
      method: "GET",
      url: "/api/workspaces",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(read.statusCode).toBe(200);
  });

  it("signing out from another site's page is refused", async () => {
    const { cookie } = await signUp(app);
    const out = await app.server.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(out.statusCode).toBe(403);
    const me = await app.server.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("a password change signs every other session out, even when the client does not ask", async () => {
    const input = newUser();
    const { cookie: first } = await signUp(app, input);
    const signIn = await app.server.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: input.email, password: input.password },
    });
    const second = cookieHeader(signIn);
    const changed = await app.server.inject({
      method: "POST",
      url: "/api/auth/change-password",
      payload: {
        currentPassword: input.password,
        newPassword: "a-brand-new-password",
        revokeOtherSessions: false,
      },
      headers: { cookie: second },
    });
    expect(changed.statusCode).toBe(200);
    const current = cookieHeader(changed) || second;

    const other = await app.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: first },
    });
    expect(other.statusCode).toBe(401);
    const still = await app.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: current },
    });
    expect(still.statusCode).toBe(200);
  });

  it("reads a session from its signed cookie: tampered or expired is refused, a day-old one extended", async () => {
    const { cookie, userId } = await signUp(app);
    const me = (headers: Record<string, string>) =>
      app.server.inject({ method: "GET", url: "/api/me", headers });
    expect((await me({ cookie })).statusCode).toBe(200);

    // Another token under the same signature, and a signature that is not base64 of 32 bytes.
    const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
    const signature = value.slice(value.lastIndexOf(".") + 1);
    for (const forged of [`x${value}`, `${value.slice(0, value.lastIndexOf("."))}.AAAA`]) {
      const tampered = `utmost.session_token=${encodeURIComponent(forged)}`;
      expect((await me({ cookie: tampered })).statusCode).toBe(401);
    }
    expect(signature).toHaveLength(44);

    const db = app.database.db;
    const day = 86_400_000;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * day) })
      .where(eq(sessions.userId, userId));
    expect((await me({ cookie })).statusCode).toBe(200);
    const [extended] = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(extended?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId));
    expect((await me({ cookie })).statusCode).toBe(401);
  });
});
