import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../env.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one database type the services use, whichever driver sits below it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded instance, for tools that take it directly (pg-boss). */
  pglite?: PGlite;
  /** On a PostgreSQL server: the pool's connections, all, idle, and callers waiting for one. */
  connections?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
// Any fixed number: it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 7_201_455_102;

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(database: Config["database"]): Promise<Database> {
  if (database.kind === "pglite") {
    if (database.dataDir !== "memory://") await mkdir(database.dataDir, { recursive: true });
    const pglite = await PGlite.create(database.dataDir);
    const db = drizzlePglite({ client: pglite, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      pglite,
      close: () => pglite.close(),
    };
  }

  // Several API and worker processes may start together: one migrates, the others wait.
  const lockClient = new pg.Client({ connectionString: database.url });
  await lockClient.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder });
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await lockClient.end();
  }
  const pool = createPool(database.url, 10);
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    connections: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

const CONNECTION_TIMEOUT_MS = 15_000;

/**
 * The pool the services' queries go through on a PostgreSQL server, made safe against the
 * server ending its connections (a restart, a failover, `pg_terminate_backend`).
 */
export function createPool(
  url: string,
  max: number,
  options: { connectionTimeoutMillis?: number } = {},
): pg.Pool {
  // A request waits at most this long for a connection (the pool busy, or PostgreSQL not
  // answering) and then fails as DATABASE_UNAVAILABLE (503), instead of hanging without end.
  const connectionTimeoutMillis = options.connectionTimeoutMillis ?? CONNECTION_TIMEOUT_MS;
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis });
  // An idle connection the server ends (a restart, a dropped database) emits here; unheard, it
  // would crash the process. The pool replaces it on the next query.
  pool.on("error", (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  pool.on("connect", (client) => {
    // A connection the server ends while it is checked out (mid-transaction) emits on the
    // client, where pg-pool listens only while the client is idle; unheard, that too would crash
    // the process. The query in flight fails with the same error, which its caller handles.
    client.on("error", (error) => {
      console.warn(`PostgreSQL connection lost in use: ${error.message}`);
    });
    releaseWhenBeginFails(client);
  });
  return pool;
}

/**
 * drizzle-orm's `transaction()` on a pool (0.45.4) sends BEGIN before the try/finally that gives
 * the client back, so a BEGIN that fails (the connection ended while idle in the pool, before
 * pg-pool heard of it) keeps the client checked out for good: ten of them and every query waits
 * forever (drizzle-team/drizzle-orm#6241, open). Here a failed BEGIN hands the client back
 * itself, with the error, so pg-pool destroys it; a later release of the same checkout is
 * ignored, so the day drizzle releases on that path too nothing changes.
 */
function releaseWhenBeginFails(client: pg.PoolClient): void {
  const query = client.query as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]): unknown => {
    const answer = query.apply(client, args);
    if (!isBegin(args[0]) || !(answer instanceof Promise)) return answer;
    return answer.catch((error: unknown) => {
      const release = client.release;
      client.release = () => {};
      release.call(client, error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  };
  client.query = guarded as typeof client.query;
}

function isBegin(statement: unknown): boolean {
  const text =
    typeof statement === "string"
      ? statement
      : typeof statement === "object" && statement !== null && "text" in statement
        ? statement.text
        : undefined;
  return typeof text === "string" && /^\s*begin\b/i.test(text);
}
