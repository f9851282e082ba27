import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../test/databases.ts";
import { createPool } from "./client.ts";
import { isDatabaseUnavailable } from "./errors.ts";

/** At most `ms` for `promise`: a pool that lost its only client would wait forever. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);
}

/** The pool of the services' queries on a PostgreSQL server (the embedded database has none). */
describe.runIf(testDatabaseKinds().includes("postgres"))("the PostgreSQL pool", () => {
  let database: TestDatabase | undefined;
  let pool: pg.Pool | undefined;

  afterEach(async () => {
    await pool?.end();
    await database?.drop();
  });

  async function openPool(max: number, connectionTimeoutMillis?: number) {
    database = await createTestDatabase("postgres");
    if (database.database.kind !== "postgres") throw new Error("needs PostgreSQL");
    pool = createPool(database.database.url, max, { connectionTimeoutMillis });
    return { pool, db: drizzle({ client: pool }), url: database.database.url };
  }

  it("gets its client back when a transaction's BEGIN fails", async () => {
    const { pool, db } = await openPool(1);
    // BEGIN refused by the server, as it is when the connection ended while idle in the pool.
    const refused = db.transaction(async () => "never", {
      isolationLevel: "no such level" as "serializable",
    });
    await expect(refused).rejects.toThrow();

    // One client in all: had it stayed checked out, this would wait forever.
    const [row] = (await within(db.execute(sql`select 1 as one`), 5_000)).rows;
    expect(row).toEqual({ one: 1 });
    expect(pool.waitingCount).toBe(0);
    expect(pool.totalCount).toBe(1);
  });

  it("keeps working after the server ends every connection, without a client lost", async () => {
    const { pool, db, url } = await openPool(2);
    const work = () =>
      db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows.length);
    await Promise.all([work(), work()]);

    // What a restart does to its clients; then transactions at once, before the pool hears.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    await admin.end();
    await Promise.allSettled(Array.from({ length: 6 }, work));

    // Whatever failed, both clients came back: four more transactions at once all run.
    const after = await within(Promise.all(Array.from({ length: 4 }, work)), 5_000);
    expect(after).toEqual([1, 1, 1, 1]);
    expect(pool.waitingCount).toBe(0);
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });

  it("fails a query that waited too long for a connection as the database being unavailable", async () => {
    const { pool, db } = await openPool(1, 300);
    const held = await pool.connect();
    try {
      const error = await db.execute(sql`select 1`).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      held.release();
    }
    expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it("hands a client back once when a transaction's body fails", async () => {
    const { pool, db } = await openPool(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error("the body failed");
      }),
    ).rejects.toThrow("the body failed");
    expect(await within(db.execute(sql`select 2 as two`), 5_000)).toMatchObject({
      rows: [{ two: 2 }],
    });
    expect(pool.idleCount).toBe(1);
  });
});
