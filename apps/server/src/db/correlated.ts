import { type SQL, sql } from "drizzle-orm";

/**
 * A computed select field whose correlated subquery keeps its columns' table names. Drizzle
 * writes the columns of a single-table select's SQL fields without their table, so in
 * `exists (select 1 from issue_occurrences where issue_id = utm_issues.id)` the outer `id` would
 * come out bare and bind inside the subquery instead. Nested one level, the fragment is left as
 * written.
 */
export function correlated<T>(fragment: SQL<T>): SQL<T> {
  return sql<T>`${fragment}`;
}
