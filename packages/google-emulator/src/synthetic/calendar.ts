/**
 * Calendar days as GA4 reports them: `date` is YYYYMMDD in the property's time zone
 * (ga4-protocol.md §4.5). Days are counted from 1970-01-01 so they can salt a random stream.
 */

const MS_PER_DAY = 86_400_000;
const YYYYMMDD = /^(\d{4})(\d{2})(\d{2})$/;

/** Days since 1970-01-01 for a YYYYMMDD date; throws on anything else. */
export function dayNumber(date: string): number {
  const match = YYYYMMDD.exec(date);
  if (!match) throw new RangeError(`date must be YYYYMMDD, got "${date}"`);
  const [, year, month, day] = match;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (formatDay(time / MS_PER_DAY) !== date) throw new RangeError(`no such day: "${date}"`);
  return time / MS_PER_DAY;
}

/** YYYYMMDD of a day number. */
export function formatDay(day: number): string {
  const date = new Date(day * MS_PER_DAY);
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  const dayOfMonth = String(date.getUTCDate()).padStart(2, "0");
  return `${date.getUTCFullYear()}${month}${dayOfMonth}`;
}

/** 0 for Sunday to 6 for Saturday; 1970-01-01 was a Thursday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The calendar day an instant falls on in a time zone, as a day number. */
export function localDayNumber(instant: string, timeZone: string): number {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) throw new RangeError(`not an RFC 3339 instant: "${instant}"`);
  // en-CA formats as YYYY-MM-DD.
  const local = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(time);
  return dayNumber(local.replaceAll("-", ""));
}
