import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SECRET, EMBEDDED_DODO_PATH, EMBEDDED_GOOGLE_PATH } from "./env.ts";
import { testDatabaseKinds } from "./test/databases.ts";
import { PRODUCTION_ENV } from "./test/production.ts";
import { cookieHeader, createTestApp, newUser, signUp, type TestApp } from "./test/test-app.ts";

/**
 * Issue 21, the production shape. Findings 2 and 10: `NODE_ENV=production` without its
 * variables ran the demo (a public administrator login, an outbox showing every password-reset
 * link, the payment stand-in) and kept mail where nobody saw it; now the processes refuse to
 * start, naming each variable, and a production app has none of the demo's features. Finding 8:
 * session tokens appeared in /api/auth answers, and production read the plain session cookie
 * beside the `__Secure-` one.
 */

const MAIN = path.resolve(import.meta.dirname, "main.ts");
const WORKER = path.resolve(import.meta.dirname, "worker.ts");

/** Runs an entry point to its exit with exactly `env` (and PATH): its exit code and stderr. */
function run(entry: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${entry} did not exit: ${stderr}`));
    }, 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("a production start", () => {
  it.each([
    ["the API (npm run start:api)", MAIN],
    ["the worker (npm run start:worker)", WORKER],
  ])(
    "of %s without its variables exits non-zero, naming each",
    async (_name, entry) => {
      const { code, stderr } = await run(entry, { NODE_ENV: "production" });
      expect(code).not.toBe(0);
      expect(stderr).toMatch(/^ {2}DATABASE_URL: is required in production/m);
      expect(stderr).toMatch(/^ {2}SMTP_URL: is required in production.*MAIL_TRANSPORT=log/m);
      expect(stderr).toMatch(/^ {2}APP_SECRET: is required in production/m);
      expect(stderr).not.toMatch(/Demo login|Utmost is running/);
    },
    90_000,
  );

  it("in the demo's shape exits non-zero, naming the demo secret, demo mode and each stand-in", async () => {
    const { code, stderr } = await run(MAIN, {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://utmost@database.invalid:5432/utmost",
      MAIL_TRANSPORT: "log",
      APP_SECRET: DEMO_SECRET,
      DEMO_MODE: "true",
      GOOGLE_EMULATOR_URL: "http://127.0.0.1:4000",
      DODO_PAYMENTS_BASE_URL: "http://127.0.0.1:3000/dodo-emulator",
    });
    expect(code).not.toBe(0);
    for (const name of [
      "APP_SECRET",
      "DEMO_MODE",
      "GOOGLE_EMULATOR_URL",
      "DODO_PAYMENTS_BASE_URL",
    ]) {
      expect(stderr).toMatch(new RegExp(`^ {2}${name}: `, "m"));
    }
    expect(stderr).not.toMatch(/DATABASE_URL|SMTP_URL/);
  }, 90_000);
});

describe.each(testDatabaseKinds())("a production-shaped app on %s", (kind) => {
  let webDir: string;
  let production: TestApp;
  let demo: TestApp;

  beforeAll(async () => {
    // A built web app, so that pages are served and /outbox is a page like any other.
    webDir = mkdtempSync(path.join(tmpdir(), "utmost-web-"));
    writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Utmost</title>");
    production = await createTestApp(kind, { ...PRODUCTION_ENV, WEB_DIST_DIR: webDir });
    demo = await createTestApp(kind, { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await production?.close();
    await demo?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** A route of a stand-in without path parameters, as the demo app mounts it. */
  function standInRoute(prefix: string): { method: "GET" | "POST"; url: string } {
    const route = demo.routes.find(
      (r) =>
        (r.method === "GET" || r.method === "POST") &&
        r.url.startsWith(`${prefix}/`) &&
        !/[:*]/.test(r.url),
    );
    if (!route) throw new Error(`the demo mounts nothing at ${prefix}`);
    return { method: route.method as "GET" | "POST", url: route.url };
  }

  it("serves none of the demo's features: outbox, its page, the stand-ins", async () => {
    const demoOnly = [
      { method: "GET" as const, url: "/api/dev/outbox" },
      { method: "GET" as const, url: "/outbox" },
      standInRoute(EMBEDDED_GOOGLE_PATH),
      standInRoute(EMBEDDED_DODO_PATH),
    ];
    for (const { method, url } of demoOnly) {
      const request = { method, url, ...(method === "POST" ? { payload: {} } : {}) };
      const inDemo = await demo.server.inject(request);
      expect({ url, status: inDemo.statusCode }).not.toMatchObject({ status: 404 });
      const inProduction = await production.server.inject(request);
      expect({ url, status: inProduction.statusCode }).toEqual({ url, status: 404 });
    }
    expect(
      production.routes.filter(
        (route) =>
          route.url.startsWith("/api/dev/") ||
          route.url.startsWith(`${EMBEDDED_GOOGLE_PATH}/`) ||
          route.url.startsWith(`${EMBEDDED_DODO_PATH}/`),
      ),
    ).toEqual([]);
    const config = await production.server.inject({ method: "GET", url: "/api/config" });
    expect(config.json()).toMatchObject({ outboxEnabled: false, googleSignIn: false });
    // Pages of the app are still pages.
    const dashboard = await production.server.inject({ method: "GET", url: "/dashboard" });
    expect(dashboard.statusCode).toBe(200);
  });

  it("keeps session tokens out of every /api/auth answer", async () => {
    const input = newUser();
    const signedUp = await production.server.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: input,
    });
    expect(signedUp.statusCode).toBe(200);
    const { cookie } = await signUp(production);
    const signedIn = await production.server.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: input.email, password: input.password },
    });
    const answers = [signedUp, signedIn];
    for (const url of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      answers.push(await production.server.inject({ method: "GET", url, headers: { cookie } }));
    }
    const listed = answers[3]?.json() as { id: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]?.id).toEqual(expect.any(String));
    answers.push(
      await production.server.inject({
        method: "POST",
        url: "/api/auth/change-password",
        headers: { cookie },
        payload: { currentPassword: "correct-horse", newPassword: "correct-horse-battery" },
      }),
    );
    // Each session token in play: the cookie's value before its signature.
    const tokens = [cookie, ...answers.map(cookieHeader)]
      .flatMap((header) => [...header.matchAll(/session_token=([^;.]+)/g)])
      .map((match) => decodeURIComponent(match[1] ?? ""));
    expect(tokens.length).toBeGreaterThan(1);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toMatch(/"token"/);
      for (const token of tokens) expect(answer.body).not.toContain(token);
    }
  });

  it("reads only the __Secure- session cookie in production", async () => {
    const { cookie } = await signUp(production);
    expect(cookie).toMatch(/^__Secure-utmost\.session_token=/);
    const plain = cookie.replace(/^__Secure-/, "");
    const withSecure = await production.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie },
    });
    expect(withSecure.statusCode).toBe(200);
    const withPlain = await production.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: plain },
    });
    expect(withPlain.statusCode).toBe(401);
    for (const url of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      const answer = await production.server.inject({
        method: "GET",
        url,
        headers: { cookie: plain },
      });
      expect({ url, body: answer.statusCode === 200 ? answer.json() : "refused" }).toEqual({
        url,
        body: url.endsWith("get-session") ? null : "refused",
      });
    }
    // Outside production the plain cookie is the session cookie.
    const local = await signUp(demo);
    expect(local.cookie).toMatch(/^utmost\.session_token=/);
    const me = await demo.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: local.cookie },
    });
    expect(me.statusCode).toBe(200);
  });

  it("signs out with the __Secure- cookie", async () => {
    const { cookie } = await signUp(production);
    const out = await production.server.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await production.server.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
  });
});
