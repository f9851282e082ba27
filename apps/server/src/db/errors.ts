/** PostgreSQL's unique_violation, through whichever wrapper the driver and Drizzle put on it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ("code" in current && current.code === "23505") return true;
  }
  return false;
}

/**
 * SQLSTATE classes and socket codes that mean the database could not be reached or dropped the
 * connection (a restart, a failover, too many clients), not that the statement was wrong: the
 * same request may well succeed a moment later.
 */
const UNAVAILABLE_CODES = new Set([
  // Class 08, connection exception.
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  // admin_shutdown, crash_shutdown, cannot_connect_now.
  "57P01",
  "57P02",
  "57P03",
  // too_many_connections.
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
]);

/** node-postgres's own words for a connection that is gone or never came (no code on these). */
const UNAVAILABLE_MESSAGE =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

/** The database could not be reached or lost the connection: worth a 503 and a retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ("code" in current && UNAVAILABLE_CODES.has(String(current.code))) return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
}
