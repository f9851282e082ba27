/**
 * Calendar days as integers (days since 1970-01-01), so ranges are loops over numbers. Dates are
 * civil dates in the property's time zone; the caller already resolved "today" in that zone, so
 * UTC arithmetic on the date alone is exact.
 */

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_AGO = /^(\d+)daysAgo$/;

/** The day of a `YYYY-MM-DD` date, or undefined when it is not a real calendar date. */
export function parseIsoDay(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC also takes years below 100 as 19xx; setUTCFullYear keeps them literal.
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.getTime() / MS_PER_DAY;
}

/**
 * A DateRange bound (§3.1): `YYYY-MM-DD`, `NdaysAgo`, `yesterday` or `today`, relative to the
 * property's current day. Undefined when it is none of these.
 */
export function resolveDay(text: string, today: number): number | undefined {
  if (text === "today") return today;
  if (text === "yesterday") return today - 1;
  const ago = DAYS_AGO.exec(text);
  if (ago) {
    const day = today - Number(ago[1]);
    return Number.isSafeInteger(day) && isRepresentable(day) ? day : undefined;
  }
  return parseIsoDay(text);
}

function isRepresentable(day: number): boolean {
  return !Number.isNaN(new Date(day * MS_PER_DAY).getTime());
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/** `YYYYMMDD`, the form of the `date` dimension and of `rowsForDay`. */
export function compactDate(day: number): string {
  const date = new Date(day * MS_PER_DAY);
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1, 2)}${pad(date.getUTCDate(), 2)}`;
}

/** `YYYY-MM-DD`. */
export function isoDate(day: number): string {
  const compact = compactDate(day);
  return `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}`;
}

/** The UTC day of an RFC 3339 timestamp, or undefined when it does not parse. */
export function dayOfTimestamp(timestamp: string): number | undefined {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / MS_PER_DAY);
}
