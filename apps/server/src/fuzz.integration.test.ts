import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ZodType } from "zod";
import { subscriptions, userRoles } from "./db/schema.ts";
import { insertAlertRule } from "./modules/alerts/alerts.testing.ts";
import {
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "./modules/issues/issues.testing.ts";
import { insertTeam, insertUser } from "./modules/workspaces/workspaces.testing.ts";
import { testDatabaseKinds } from "./test/databases.ts";
import { setPlan } from "./test/plans.ts";
import { createTestApp, signUp, type TestApp } from "./test/test-app.ts";

/**
 * Issue 21, finding 7: a NUL character in any text field answered 500 (PostgreSQL cannot store
 * it), 100,000-deep JSON to /api/auth/* answered 500 (a stack overflow), and the error log then
 * held the failed statement's values. Every route in the app's route table (so a new one cannot
 * escape), and Better Auth's routes by their real paths, get: bodies whose every string carries a
 * NUL or a lone surrogate, each text field carrying a NUL in an otherwise plausible body, 100,000
 * levels of `[[[...]]]`, and junk path and query parameters, from a signed-in owner of a
 * workspace that holds one of everything. Never a 5xx, and the log holds no statement's values.
 */

const NUL = "fuzz\u0000";
const LONE_SURROGATE = "fuzz\uD800";
/** The same two as they travel in a URL (a lone surrogate has no UTF-8: its CESU-8 bytes). */
const URL_JUNK = ["fuzz%00", "fuzz%ED%A0%80"];
const DEEP_JSON = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;

/** Better Auth's routes the app and its users reach, and a body each would take. */
const AUTH_POSTS = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-in/social",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/change-email",
  "/update-user",
  "/delete-user",
  "/send-verification-email",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/sign-out",
];
const AUTH_GETS = [
  "/get-session",
  "/list-sessions",
  "/verify-email",
  "/reset-password/:token",
  "/callback/google",
];
const AUTH_FIELDS = [
  "email",
  "password",
  "name",
  "fullName",
  "newPassword",
  "currentPassword",
  "newEmail",
  "token",
  "code",
  "callbackURL",
  "provider",
  "image",
];

/** Each auth body with one text field carrying a NUL, the rest as a user would send them. */
function authBodiesWithOneNul(email: string): { path: string; body: Record<string, string> }[] {
  const password = "correct-horse";
  return [
    { path: "/sign-up/email", body: { fullName: NUL, email: `new-${email}`, password } },
    { path: "/sign-in/email", body: { email, password: NUL } },
    { path: "/request-password-reset", body: { email: `fuzz\u0000${email}` } },
    { path: "/reset-password", body: { token: NUL, newPassword: "correct-horse-2" } },
    { path: "/change-password", body: { currentPassword: password, newPassword: NUL } },
    { path: "/change-email", body: { newEmail: `fuzz\u0000${email}` } },
    { path: "/update-user", body: { name: NUL } },
    { path: "/update-user", body: { image: NUL } },
    { path: "/two-factor/enable", body: { password: NUL } },
    { path: "/revoke-session", body: { token: NUL } },
  ];
}

/**
 * Values that pass a text field's own rules (a colour, a URL, an address), by field name, so that
 * a NUL added to one of them is the only thing wrong with a body.
 */
const PLAUSIBLE: Record<string, string> = {
  email: "fuzz@example.com",
  destination: "fuzz@example.com",
  brandColor: "#1a73e8",
  baseUrl: "https://example.com/landing",
  property: "properties/123456",
  code: "123456",
  token: "fuzz-token",
  callbackURL: "/dashboard",
};

/** The zod internals this suite reads to build bodies (zod 4's `_zod.def`). */
interface Def {
  type: string;
  format?: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  valueType?: ZodType;
  in?: ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  getter?: () => ZodType;
}

function defOf(schema: unknown): Def | undefined {
  return (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
}

/**
 * A body for `schema`: every string (enums and literals included) is `hostile`, or, with `hostile`
 * undefined, a plausible value (ids of the fixture, an email, a URL) so that one field at a time
 * can carry the NUL. The paths of the free-text strings are collected in `texts`.
 */
function sample(
  schema: unknown,
  ids: Record<string, string>,
  hostile: string | undefined,
  texts: string[][] = [],
  path: string[] = [],
): unknown {
  const def = defOf(schema);
  if (!def) return undefined;
  const key = path.at(-1) ?? "";
  switch (def.type) {
    case "string": {
      if (hostile !== undefined) return hostile;
      if (def.format === "uuid" || def.format === "guid") return ids[key] ?? randomUUID();
      if (def.format === "email") return `fuzz-${randomUUID()}@example.com`;
      if (def.format === "url") return "https://example.com/fuzz";
      if (def.format === "datetime") return new Date().toISOString();
      if (def.format === "date") return "2026-01-01";
      texts.push(path);
      return PLAUSIBLE[key] ?? "fuzz";
    }
    case "enum":
      return hostile ?? Object.values(def.entries ?? {})[0];
    case "literal":
      return hostile ?? def.values?.[0];
    case "number":
    case "int":
      return 1;
    case "boolean":
      return true;
    case "object":
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([name, field]) => [
          name,
          sample(field, ids, hostile, texts, [...path, name]),
        ]),
      );
    case "array":
      return [sample(def.element, ids, hostile, texts, [...path, "0"])];
    case "record":
      return {
        [hostile ?? "fuzz"]: sample(def.valueType, ids, hostile, texts, [...path, "fuzz"]),
      };
    case "union":
      return sample(def.options?.[0], ids, hostile, texts, path);
    case "pipe":
      return sample(def.in, ids, hostile, texts, path);
    case "lazy":
      return sample(def.getter?.(), ids, hostile, texts, path);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return sample(def.innerType, ids, hostile, texts, path);
    default:
      return hostile ?? null;
  }
}

/** `value` with the string at `path` given a NUL. */
function withNulAt(value: unknown, path: string[]): unknown {
  if (path.length === 0) return `${String(value)}\u0000`;
  const copy = structuredClone(value) as Record<string, unknown>;
  let parent: Record<string, unknown> = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string, unknown>;
  const last = path.at(-1) ?? "";
  parent[last] = `${String(parent[last])}\u0000`;
  return copy;
}

interface Probe {
  label: string;
  method: string;
  url: string;
  body?: string;
  apiKey?: boolean;
}

describe.each(testDatabaseKinds())("NUL, lone surrogates and deep JSON on %s", (kind) => {
  let app: TestApp;
  const log: string[] = [];
  let cookie: string;
  let email: string;
  let apiKey: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString("utf8"));
        done();
      },
    });
    // Info: the log lines of every request and error are what is checked.
    app = await createTestApp(kind, { LOG_LEVEL: "info" }, { logStream });
    const db = app.database.db;
    const owner = await signUp(app);
    cookie = owner.cookie;
    email = owner.input.email;
    await setPlan(db, owner.userId, "agency");
    // An administrator too, so the admin console's routes are driven past their gate.
    await db.insert(userRoles).values({ userId: owner.userId, role: "admin" });
    await db
      .update(subscriptions)
      .set({ dataSourceLimit: 1000 })
      .where(eq(subscriptions.userId, owner.userId));
    const teammate = await insertUser(db);
    const workspace = await insertTeam(db, owner.userId, [{ userId: teammate.id, role: "member" }]);
    const dataSource = await insertDataSource(db, {
      workspaceId: workspace.id,
      connectedByUserId: owner.userId,
    });
    const scan = await insertScan(db, { dataSourceId: dataSource.id });
    const issue = await insertIssue(db, { dataSourceId: dataSource.id });
    await insertOccurrence(db, { issueId: issue.id, scanId: scan.id });
    const alertRule = await insertAlertRule(db, { workspaceId: workspace.id });
    const created = await app.server.inject({
      method: "POST",
      url: `/api/workspaces/${workspace.id}/api-keys`,
      headers: { cookie, origin: app.config.appUrl },
      payload: { name: "Fuzz" },
    });
    expect(created.statusCode).toBe(201);
    apiKey = created.json().key;
    ids = {
      workspaceId: workspace.id,
      dataSourceId: dataSource.id,
      propertyId: dataSource.id,
      scanId: scan.id,
      issueId: issue.id,
      alertRuleId: alertRule.id,
      userId: teammate.id,
      apiKeyId: created.json().apiKey.id,
    };
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The requests for one route of the route table. */
  function probesFor(route: TestApp["routes"][number]): Probe[] {
    const label = `${route.method} ${route.url}`;
    const apiKeyRoute = route.url.startsWith("/api/v1/");
    const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
    const realUrl = route.url.replace(/:(\w+)/g, (_m, name: string) => ids[name] ?? randomUUID());
    const probes: Probe[] = [];
    const hasBody = route.method !== "GET" && route.method !== "DELETE";
    if (route.url.includes(":")) {
      for (const junk of URL_JUNK) {
        probes.push({
          label: `${label} with path ${junk}`,
          method: route.method,
          url: route.url.replace(/:\w+/g, junk),
          ...(hasBody ? { body: JSON.stringify(sample(schema?.body, ids, NUL) ?? {}) } : {}),
          apiKey: apiKeyRoute,
        });
      }
    }
    // Junk queries on reads only: with the fixture's real ids a write would go through.
    if (route.method === "GET") {
      const queryKeys = [...Object.keys(defOf(schema?.querystring)?.shape ?? {}), "q"];
      for (const junk of URL_JUNK) {
        const query = queryKeys.map((key) => `${key}=${junk}`).join("&");
        probes.push({
          label: `${label} with query ${junk}`,
          method: route.method,
          url: `${realUrl}?${query}`,
          apiKey: apiKeyRoute,
        });
      }
    }
    if (!hasBody) return probes;
    probes.push({
      label: `${label} with deep JSON`,
      method: route.method,
      url: realUrl,
      body: DEEP_JSON,
      apiKey: apiKeyRoute,
    });
    // A body only where the route reads one, and only one that carries the junk: anything else
    // would be a valid request acting on the fixture (a test alert sent, a workspace deleted).
    if (schema?.body === undefined) return probes;
    for (const hostile of [NUL, LONE_SURROGATE]) {
      const body = JSON.stringify(sample(schema.body, ids, hostile));
      if (!body.includes("fuzz")) continue;
      probes.push({
        label: `${label} with ${JSON.stringify(hostile)} everywhere`,
        method: route.method,
        url: realUrl,
        body,
        apiKey: apiKeyRoute,
      });
    }
    const texts: string[][] = [];
    const plausible = sample(schema.body, ids, undefined, texts);
    for (const path of texts) {
      probes.push({
        label: `${label} with a NUL in ${path.join(".")}`,
        method: route.method,
        url: realUrl,
        body: JSON.stringify(withNulAt(plausible, path)),
        apiKey: apiKeyRoute,
      });
    }
    return probes;
  }

  /** Better Auth's routes by their real paths. */
  function authProbes(): Probe[] {
    const probes: Probe[] = [];
    for (const path of AUTH_POSTS) {
      const url = `/api/auth${path}`;
      for (const hostile of [NUL, LONE_SURROGATE]) {
        const body = Object.fromEntries(AUTH_FIELDS.map((field) => [field, hostile]));
        probes.push({
          label: `POST ${url} with ${JSON.stringify(hostile)} everywhere`,
          method: "POST",
          url,
          body: JSON.stringify(body),
        });
      }
      probes.push({ label: `POST ${url} with deep JSON`, method: "POST", url, body: DEEP_JSON });
    }
    for (const { path, body } of authBodiesWithOneNul(email)) {
      const url = `/api/auth${path}`;
      probes.push({
        label: `POST ${url} with ${JSON.stringify(body)}`,
        method: "POST",
        url,
        body: JSON.stringify(body),
      });
    }
    for (const path of AUTH_GETS) {
      for (const junk of URL_JUNK) {
        const query = AUTH_FIELDS.map((field) => `${field}=${junk}`).join("&");
        const url = `/api/auth${path.replace(":token", junk)}?${query}`;
        probes.push({ label: `GET ${url}`, method: "GET", url });
      }
    }
    return probes;
  }

  async function send(probe: Probe) {
    return app.server.inject({
      method: probe.method as "POST",
      url: probe.url,
      headers: {
        // As the web app sends them: same origin, so the CSRF guard lets them through.
        cookie,
        origin: app.config.appUrl,
        "sec-fetch-site": "same-origin",
        ...(probe.apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        ...(probe.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(probe.body === undefined ? {} : { payload: probe.body }),
    });
  }

  it("never answers 5xx, and logs no statement's values", async () => {
    const routes = app.routes.filter(
      (route) =>
        route.method !== "HEAD" &&
        route.url.startsWith("/api/") &&
        !route.url.startsWith("/api/auth/") &&
        !route.url.startsWith("/api/docs/static"),
    );
    expect(routes.length).toBeGreaterThan(50);
    const probes = [...routes.flatMap(probesFor), ...authProbes()];
    // Better Auth writes its own refusals (a junk OAuth state) to the console: part of the log.
    const consoleErrors = vi.spyOn(console, "error").mockImplementation(() => {});
    const failures: string[] = [];
    for (const probe of probes) {
      const response = await send(probe);
      if (response.statusCode >= 500) {
        failures.push(`${probe.label} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    const consoleLines = consoleErrors.mock.calls.map((call) => call.map(String).join(" "));
    consoleErrors.mockClear();
    expect(failures).toEqual([]);
    expect(consoleLines.filter((line) => !line.includes("[Better Auth]"))).toEqual([]);
    log.push(...consoleLines);
    // The session the sweep ran with is still the owner's: nothing signed it out.
    const me = await app.server.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const logged = log.join("");
    expect(logged).not.toContain("\\u0000");
    expect(logged).not.toMatch(/"params"|\nparams: |unhandled error/);
  }, 120_000);

  it("refuses a NUL or a lone surrogate in each text field with 400 naming it", async () => {
    const { workspaceId, issueId } = ids;
    const cases: {
      url: string;
      method: "POST" | "PATCH" | "PUT";
      body: object;
      field: string;
      label: string;
    }[] = [
      {
        method: "PATCH",
        url: "/api/me",
        body: { fullName: "" },
        field: "fullName",
        label: "Full name",
      },
      {
        method: "POST",
        url: "/api/workspaces",
        body: { name: "" },
        field: "name",
        label: "Workspace name",
      },
      {
        method: "PATCH",
        url: `/api/workspaces/${workspaceId}`,
        body: { name: "" },
        field: "name",
        label: "Workspace name",
      },
      {
        method: "PUT",
        url: `/api/workspaces/${workspaceId}/branding`,
        body: { displayName: "", brandColor: "#1a73e8" },
        field: "displayName",
        label: "Display name",
      },
      {
        method: "POST",
        url: `/api/workspaces/${workspaceId}/api-keys`,
        body: { name: "" },
        field: "name",
        label: "Key name",
      },
      {
        method: "POST",
        url: `/api/workspaces/${workspaceId}/links`,
        body: {
          baseUrl: "https://example.com/",
          utmSource: "",
          utmMedium: "email",
          utmCampaign: "spring",
        },
        field: "utmSource",
        label: "Campaign source",
      },
      {
        method: "POST",
        url: `/api/workspaces/${workspaceId}/alert-rules`,
        body: { alertType: "email", destination: "" },
        field: "destination",
        label: "Destination",
      },
      {
        method: "POST",
        url: `/api/issues/${issueId}/mute`,
        body: { reason: "" },
        field: "reason",
        label: "The reason",
      },
      {
        method: "PUT",
        url: `/api/workspaces/${workspaceId}/conventions`,
        body: { source: { allowed: [""] } },
        field: "source.allowed.0",
        label: "An allowed value",
      },
      {
        method: "POST",
        url: "/api/auth/reset-password",
        body: { token: "", newPassword: "correct-horse-2" },
        field: "token",
        label: "Reset token",
      },
      {
        method: "POST",
        url: "/api/auth/request-password-reset",
        body: { email: "" },
        field: "email",
        label: "Email",
      },
      {
        method: "POST",
        url: "/api/auth/update-user",
        body: { name: "" },
        field: "name",
        label: "name",
      },
    ];
    for (const hostile of [NUL, LONE_SURROGATE]) {
      for (const { method, url, body, field, label } of cases) {
        const payload = JSON.parse(JSON.stringify(body).replace('""', JSON.stringify(hostile)));
        const response = await app.server.inject({
          method,
          url,
          headers: { cookie, origin: app.config.appUrl, "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        const message = `${label} contains a character that cannot be stored`;
        expect({ url, status: response.statusCode, error: response.json().error }).toEqual({
          url,
          status: 400,
          error: { code: "VALIDATION_FAILED", message, issues: [{ path: field, message }] },
        });
      }
    }
  });

  it("refuses 100,000-deep JSON with 400 before anything reads it", async () => {
    for (const url of ["/api/auth/sign-in/email", "/api/auth/update-user", "/api/workspaces"]) {
      const response = await app.server.inject({
        method: "POST",
        url,
        headers: { cookie, origin: app.config.appUrl, "content-type": "application/json" },
        payload: DEEP_JSON,
      });
      expect({ url, status: response.statusCode, code: response.json().error.code }).toEqual({
        url,
        status: 400,
        code: "INVALID_JSON",
      });
    }
    // Deep but within reach of a string: not nesting.
    const quoted = await app.server.inject({
      method: "POST",
      url: "/api/workspaces",
      headers: { cookie, origin: app.config.appUrl, "content-type": "application/json" },
      payload: JSON.stringify({ name: `Brackets ${"[{".repeat(50)}`.slice(0, 100) }),
    });
    expect(quoted.statusCode).toBe(201);
  });
});
