/**
 * Monthly billing from an anchor date: the n-th charge falls on the anchor's day of month, or on
 * the month's last day when it has fewer days (Jan 31 -> Feb 28 -> Mar 31), at the anchor's time.
 */
export function addMonths(anchor: Date, months: number): Date {
  const target = new Date(anchor.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return target;
}
