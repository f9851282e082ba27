/** The app's copy is English; one locale keeps dates and numbers the same for every reader. */
const LOCALE = "en-US";

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const numberFormat = new Intl.NumberFormat(LOCALE);

/** "2025-11-01T09:30:00.000Z" -> "Nov 1, 2025". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeStyle: "medium" });

/** A moment today, to the second: "9:30:05 AM" (when polled data was last refreshed). */
export function formatTime(time: Date | number): string {
  return timeFormat.format(time);
}

/**
 * A calendar date ("2025-11-01", no time) as written, read in UTC so a reader west of Greenwich
 * does not see the day before.
 */
export function formatCalendarDate(isoDate: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * A share (0-1) as a percent, rounded down so a sample is never shown as whole: 0.25 -> "25%",
 * 0.9996 -> "99%", 0.0034 -> "0.34%".
 */
export function formatPercentDown(share: number): string {
  const fractionDigits = share < 0.01 ? 2 : 0;
  const scale = 10 ** (fractionDigits + 2);
  // The epsilon undoes binary fractions: 0.29 * 100 is 28.999999999999996.
  const floored = Math.floor(share * scale + 1e-9) / scale;
  return new Intl.NumberFormat(LOCALE, {
    style: "percent",
    maximumFractionDigits: fractionDigits,
  }).format(floored);
}
