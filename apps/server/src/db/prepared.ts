import type { Db } from "./client.ts";

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement prepared once per database handle and reused: Drizzle builds its SQL once, and
 * PostgreSQL parses and plans it once per connection (a named statement) instead of on every
 * call. Planning was most of the database's work on the busiest reads (docs/performance.md).
 * For queries of a fixed shape whose values are placeholders; `name` must be unique to the SQL
 * (a query with variants names each one).
 */
export function prepared<T>(db: Db, name: string, build: (name: string) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}
