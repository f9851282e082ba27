import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Config } from "../env.ts";

/**
 * The databases the integration tests run on: embedded PGlite, and the PostgreSQL server named by
 * DATABASE_URL when it is set (a fresh database per test file, dropped after).
 */
export type TestDatabaseKind = "pglite" | "postgres";

/**
 * TEST_DATABASES=postgres narrows a run to the server (CI runs the PGlite half in `npm test`
 * first, so its PostgreSQL stage need not repeat it).
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  if (!process.env.DATABASE_URL) return ["pglite"];
  const only = process.env.TEST_DATABASES?.trim();
  if (only === "postgres") return ["postgres"];
  if (only && only !== "pglite,postgres") {
    throw new Error(`TEST_DATABASES must be "postgres" or "pglite,postgres", not "${only}"`);
  }
  return ["pglite", "postgres"];
}

export interface TestDatabase {
  database: Config["database"];
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    return { database: { kind: "pglite", dataDir: "memory://" }, drop: async () => {} };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set");
  const name = `utmost_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: "postgres", url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
