import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
 * Issue 11, hostile input: every API route in the route table (so a new one cannot escape)
 * gets property-based garbage in its body, query and path, sent by the owner of a workspace
 * that holds one of everything. Whatever arrives, the answer is never a 5xx, and a refused
 * request (4xx) changes nothing in the database. Oversized bodies get 413 everywhere.
 */

/** Routes this suite does not drive, and why. */
const NOT_FUZZED: { pattern: RegExp; why: string }[] = [
  // Better Auth's catch-all: its own schemas; sign-in and sign-up are fuzzed by name below.
  { pattern: /^\/api\/auth\/\*$/, why: "Better Auth's router" },
  // The stand-ins for Google and Dodo, served in the embedded default only.
  { pattern: /^\/(google|dodo)-emulator\//, why: "the stand-ins' own tests" },
  { pattern: /^\/api\/docs\/(static|json|yaml|\*)/, why: "static API documentation" },
];

const HOSTILE_STRINGS = [
  "",
  " ",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE users; --",
  '=HYPERLINK("http://evil.example","x")',
  "../../../../etc/passwd",
  "\u0000",
  "\uFEFF\u202E",
  "💥".repeat(300),
  "a".repeat(20_000),
  "__proto__",
  "constructor",
  "00000000-0000-4000-8000-000000000000",
  "-1",
  "1e309",
  "NaN",
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string(),
  fc.string({ unit: "grapheme" }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: "small" },
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** The top-level keys a zod object schema names, to aim garbage at real fields. */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

function bodyFor(schema: unknown): fc.Arbitrary<unknown> {
  const keys = keysOf(schema);
  const named =
    keys.length > 0
      ? fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), {
          requiredKeys: [],
        })
      : fc.constant({});
  return fc.oneof(named, named, hostileValue, fc.dictionary(hostileString, hostileValue));
}

function queryFor(schema: unknown): fc.Arbitrary<Record<string, string>> {
  const keys = [...keysOf(schema), "__proto__", "limit", "cursor"];
  return fc.dictionary(fc.constantFrom(...keys), hostileString.map(String), { maxKeys: 4 });
}

/**
 * Each route's property runs to its first failure without throwing, so every route is driven in
 * one pass. A property that returned false has recorded why; one that threw (the request, the
 * database fingerprint) has not, and is recorded here so that it fails the test too.
 */
function recordThrown(
  label: string,
  details: { failed: boolean; errorInstance: unknown; counterexample: unknown },
  recorded: number,
  failures: string[],
): void {
  if (!details.failed || failures.length > recorded) return;
  const error = details.errorInstance;
  failures.push(
    `${label} threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)} on ${fc.stringify(details.counterexample)}`,
  );
}

interface Fixture {
  ids: Record<string, string>;
  cookie: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

describe.each(testDatabaseKinds())("hostile input on %s", (kind) => {
  let app: TestApp;
  let routes: TestApp["routes"];

  beforeAll(async () => {
    app = await createTestApp(kind);
    routes = app.routes.filter(
      (route) =>
        route.method !== "HEAD" &&
        route.url.startsWith("/api/") &&
        !NOT_FUZZED.some((skip) => skip.pattern.test(route.url)),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A fresh owner with a team workspace holding one of everything, so deletes cannot leak. */
  async function fixture(): Promise<Fixture> {
    const db = app.database.db;
    const owner = await signUp(app);
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
    return {
      cookie: owner.cookie,
      ids: {
        workspaceId: workspace.id,
        dataSourceId: dataSource.id,
        scanId: scan.id,
        issueId: issue.id,
        alertRuleId: alertRule.id,
        userId: teammate.id,
      },
    };
  }

  /** Row counts and latest updates of every table: a refused request must leave it as it was. */
  /** The statement that counts every table's rows and latest update; the schema is fixed. */
  let fingerprintQuery: string | undefined;

  async function fingerprint(): Promise<string> {
    const db = app.database.db;
    if (fingerprintQuery === undefined) {
      const tables = (
        (await db.execute(sql`
          select t.table_name as name,
            exists (select 1 from information_schema.columns c
                    where c.table_schema = 'public' and c.table_name = t.table_name
                      and c.column_name = 'updated_at') as "hasUpdated"
          from information_schema.tables t
          where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
            and t.table_name not in ('rate_limits', 'sessions', '__drizzle_migrations')
          order by t.table_name`)) as { rows: unknown[] }
      ).rows as { name: string; hasUpdated: boolean }[];
      fingerprintQuery = tables
        .map(
          (table) =>
            `select '${table.name}' as t, count(*)::text as n, ${
              table.hasUpdated ? "max(updated_at)::text" : "''"
            } as u from "${table.name}"`,
        )
        .join(" union all ");
    }
    const counted = ((await db.execute(sql.raw(fingerprintQuery))) as { rows: unknown[] }).rows as {
      t: string;
      n: string;
      u: string | null;
    }[];
    return counted.map((row) => `${row.t}:${row.n}:${row.u ?? ""}`).join("|");
  }

  function urlFor(pattern: string, ids: Record<string, string>, garbage: string | undefined) {
    return pattern.replace(/:(\w+)/g, (_match, name: string) =>
      encodeURIComponent(garbage ?? ids[name] ?? randomUUID()),
    );
  }

  it("finds the API routes in the route table", () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it("never answers 5xx, and a refused request writes nothing", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const fx = await fixture();
      const schema = route.schema as { body?: ZodType; querystring?: ZodType } | undefined;
      const changes = !SAFE_METHODS.has(route.method);
      const recorded = failures.length;
      const details = await fc.check(
        fc.asyncProperty(
          changes ? bodyFor(schema?.body) : fc.constant(undefined),
          queryFor(schema?.querystring),
          fc.option(hostileString, { freq: 4 }),
          async (body, query, pathGarbage) => {
            const before = changes ? await fingerprint() : "";
            const response = await app.server.inject({
              method: route.method as "GET",
              url: urlFor(route.url, fx.ids, pathGarbage ?? undefined),
              query,
              headers:
                body === undefined
                  ? { cookie: fx.cookie }
                  : { cookie: fx.cookie, "content-type": "application/json" },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            if (response.statusCode >= 500) {
              failures.push(
                `${route.method} ${route.url} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
              return false;
            }
            if (changes && response.statusCode >= 400) {
              const after = await fingerprint();
              if (after !== before) {
                failures.push(
                  `${route.method} ${route.url} -> ${response.statusCode} changed the database`,
                );
                return false;
              }
            }
            return true;
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
      recordThrown(`${route.method} ${route.url}`, details, recorded, failures);
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it("refuses an oversized body on every route that takes one with 413, or earlier with 401", async () => {
    const fx = await fixture();
    const huge = JSON.stringify({ name: "x".repeat(16 * 1024 * 1024) });
    const refusals: string[] = [];
    for (const route of routes.filter((r) => !SAFE_METHODS.has(r.method))) {
      const response = await app.server.inject({
        method: route.method as "POST",
        url: urlFor(route.url, fx.ids, undefined),
        payload: huge,
        headers: { cookie: fx.cookie, "content-type": "application/json" },
      });
      // A route that authenticates before reading the body (an API key) refuses a bad caller first.
      if (route.url.startsWith("/api/v1/") && response.statusCode === 401) continue;
      if (response.statusCode === 413) {
        expect(response.json().error.code).toBe("PAYLOAD_TOO_LARGE");
      } else {
        refusals.push(`${route.method} ${route.url} -> ${response.statusCode}`);
      }
    }
    expect(refusals).toEqual([]);
  }, 300_000);

  it("sign-up and sign-in take garbage without a 5xx or a stray account", async () => {
    const failures: string[] = [];
    for (const url of ["/api/auth/sign-up/email", "/api/auth/sign-in/email"]) {
      const recorded = failures.length;
      const details = await fc.check(
        fc.asyncProperty(
          bodyFor({ shape: { email: 1, password: 1, fullName: 1 } }),
          async (body) => {
            const before = await fingerprint();
            const response = await app.server.inject({
              method: "POST",
              url,
              payload: JSON.stringify(body),
              headers: { "content-type": "application/json" },
            });
            if (response.statusCode >= 500) {
              failures.push(`${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
              return false;
            }
            if (response.statusCode >= 400 && (await fingerprint()) !== before) {
              failures.push(`${url} -> ${response.statusCode} changed the database`);
              return false;
            }
            return true;
          },
        ),
        { numRuns: RUNS * 4, endOnFailure: true },
      );
      recordThrown(`POST ${url}`, details, recorded, failures);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
