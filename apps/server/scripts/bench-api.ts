/**
 * The API under load: the real server (`node src/main.ts`, API only) in a process of its own on
 * PostgreSQL, with signed-in users on the dashboard and health-report endpoints, driven by
 * autocannon from this process. Each connection is one of the users with a real session cookie;
 * each user's workspace holds a property with a scan history and issues, as a scanned property
 * has. Prints throughput and p50/p99 latency per scenario.
 *
 *   npm run bench:api
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432) is the server the benchmark
 * creates its own database on; BENCH_DURATION seconds per scenario (default 20);
 * BENCH_CONNECTIONS (default 16: one a user).
 * The target (issue 11): 1,000 requests/s with p99 under 50 ms on a 2-core machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";
import {
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../src/modules/issues/issues.testing.ts";

const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432";
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TARGET = { requestsPerSecond: 1000, p99Ms: 50 };
const USERS = 16;
const SCANS_PER_PROPERTY = 12;
const ISSUES_PER_PROPERTY = 40;
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const SERVER_MAIN = path.resolve(import.meta.dirname, "../src/main.ts");

interface BenchUser {
  cookie: string;
  workspaceId: string;
  dataSourceId: string;
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `utmost_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${BASE_URL}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: `${BASE_URL}/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: `${BASE_URL}/postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function startServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const url = `http://127.0.0.1:${PORT}`;
  // BENCH_PROFILE=dir writes the server's CPU profile there (node --cpu-prof) when it stops.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, SERVER_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      APP_URL: url,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DEMO_MODE: "false",
      RUN_WORKER: "false",
      LOG_LEVEL: "warn",
      // Sign-ups of the benchmark's users come from one address.
      AUTH_RATE_LIMIT_MAX: "1000",
      // Production refuses to start without a mail server: the benchmark sends no mail it reads.
      MAIL_TRANSPORT: "log",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signUp(url: string, index: number): Promise<string> {
  const email = `bench-${index}-${process.pid}@example.com`;
  const password = "bench-password";
  const headers = { "content-type": "application/json", origin: url };
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ fullName: `Bench User ${index}`, email, password }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Sign-up opens no session (it would tell taken addresses from new ones): sign in.
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie;
}

async function workspaceOf(url: string, cookie: string): Promise<string> {
  const response = await fetch(`${url}/api/workspaces`, { headers: { cookie } });
  const body = (await response.json()) as { workspaces: { id: string }[] };
  const id = body.workspaces[0]?.id;
  if (!id) throw new Error("the new user has no workspace");
  return id;
}

/** A property with a scan a day and issues found by every scan, as weeks of use leave. */
async function seedProperty(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  workspaceId: string,
) {
  const dataSource = await insertDataSource(db, { workspaceId, lastSyncedAt: new Date() });
  const scans = [];
  for (let day = SCANS_PER_PROPERTY - 1; day >= 0; day -= 1) {
    const at = new Date(Date.now() - day * 86_400_000);
    scans.push(
      await insertScan(db, {
        dataSourceId: dataSource.id,
        healthScore: 60 + ((day * 7) % 35),
        healthGrade: "C",
        criticalIssuesCount: 3,
        warningIssuesCount: 12,
        passedChecksCount: 30,
        rowsFetched: 25_000,
        apiCallsMade: 12,
        startedAt: at,
        completedAt: at,
        createdAt: at,
      }),
    );
  }
  const latest = scans.at(-1);
  for (let i = 0; i < ISSUES_PER_PROPERTY; i += 1) {
    const issue = await insertIssue(db, {
      dataSourceId: dataSource.id,
      severity: i % 5 === 0 ? "critical" : i % 3 === 0 ? "info" : "warning",
      affectedSessionsCount: 100 + i * 37,
      lastScanId: latest?.id,
    });
    for (const scan of scans.slice(-4)) {
      await insertOccurrence(db, { issueId: issue.id, scanId: scan.id });
    }
  }
  return dataSource.id;
}

interface Scenario {
  name: string;
  paths: (user: BenchUser) => string[];
}

const SCENARIOS: Scenario[] = [
  {
    name: "dashboard",
    paths: (u) => [
      "/api/me",
      "/api/workspaces",
      `/api/workspaces/${u.workspaceId}/data-sources`,
      `/api/data-sources/${u.dataSourceId}/scans`,
    ],
  },
  {
    name: "health report",
    paths: (u) => [
      `/api/data-sources/${u.dataSourceId}`,
      `/api/data-sources/${u.dataSourceId}/scans`,
      `/api/data-sources/${u.dataSourceId}/issues?days=30`,
    ],
  },
];

/** Statements the server ran on the bench database so far (each is its own transaction). */
async function transactions(databaseUrl: string): Promise<number> {
  // PostgreSQL publishes its counters within a second of a transaction's end.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      "SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()",
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function run(url: string, databaseUrl: string, users: BenchUser[], scenario: Scenario) {
  let next = 0;
  const before = await transactions(databaseUrl);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    // Each connection is one signed-in user walking the scenario's requests in a loop.
    requests: [{ method: "GET", path: "/api/health" }],
    setupClient: (client) => {
      const user = users[next++ % users.length] as BenchUser;
      client.setHeaders({ cookie: user.cookie });
      client.setRequests(scenario.paths(user).map((p) => ({ method: "GET", path: p })));
    },
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  // Less this query and the one before, the few of the pg-boss maintenance a 20 s run meets.
  const queries = ((await transactions(databaseUrl)) - before - 1) / result.requests.total;
  const meetsTarget =
    result.requests.average >= TARGET.requestsPerSecond && result.latency.p99 < TARGET.p99Ms;
  console.log(
    `  ${scenario.name.padEnd(14)} ${result.requests.average.toFixed(0).padStart(6)} req/s` +
      `   p50 ${result.latency.p50} ms   p90 ${result.latency.p90} ms   p99 ${result.latency.p99} ms` +
      `   max ${result.latency.max} ms   ${result.requests.total} requests, ${non2xx} failed,` +
      ` ${queries.toFixed(1)} SQL statements a request,` +
      ` target ${meetsTarget ? "met" : "NOT met"}`,
  );
  if (non2xx > 0) process.exitCode = 1;
}

async function main() {
  const database = await createDatabase();
  let server: ChildProcess | undefined;
  try {
    // Migrate first, then seed through the app's own tables.
    const opened = await openDatabase({ kind: "postgres", url: database.url });
    const started = await startServer(database.url);
    server = started.child;
    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const cookie = await signUp(started.url, i);
      const workspaceId = await workspaceOf(started.url, cookie);
      users.push({ cookie, workspaceId, dataSourceId: await seedProperty(opened.db, workspaceId) });
    }
    await opened.close();

    console.log(
      `\nbench:api  ${USERS} signed-in users, ${CONNECTIONS} connections, ${DURATION} s per scenario, PostgreSQL, NODE_ENV=production`,
    );
    // A short warm-up: JIT, connection pool, PostgreSQL's caches.
    await autocannon({
      url: started.url,
      connections: 8,
      duration: 3,
      requests: [{ path: "/api/health" }],
    });
    for (const scenario of SCENARIOS) await run(started.url, database.url, users, scenario);
  } finally {
    server?.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, process.env.BENCH_PROFILE ? 5000 : 500));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
