/**
 * How fast the synthetic generator makes fact rows: one million rows across every profile (day
 * after day, newest first), then the huge publisher's 90 days. Rows are counted and dropped, as
 * the Data API drops them after aggregating.
 *
 *   npm run bench -w packages/google-emulator
 */
import { formatDay } from "../src/synthetic/calendar.ts";
import {
  createSyntheticProperty,
  PROFILE_KEYS,
  PROFILES,
  type SyntheticProperty,
} from "../src/synthetic/index.ts";

/** The last day generated: fixed, so two runs measure the same rows. */
const LAST_DAY = Date.UTC(2026, 10, 15) / 86_400_000;
const TARGET_ROWS = 1_000_000;

interface Run {
  label: string;
  rows: number;
  sessions: number;
  ms: number;
}

function measure(label: string, produce: () => { rows: number; sessions: number }): Run {
  const start = performance.now();
  const { rows, sessions } = produce();
  return { label, rows, sessions, ms: performance.now() - start };
}

function countDay(property: SyntheticProperty, day: number): { rows: number; sessions: number } {
  const rows = property.rowsForDay(formatDay(day));
  let sessions = 0;
  for (const row of rows) sessions += row.sessions;
  return { rows: rows.length, sessions };
}

const properties = PROFILE_KEYS.map((key) => createSyntheticProperty(PROFILES[key]));

const mixed = measure("1M rows, all profiles", () => {
  let rows = 0;
  let sessions = 0;
  for (let day = LAST_DAY; rows < TARGET_ROWS; day--) {
    for (const property of properties) {
      const counted = countDay(property, day);
      rows += counted.rows;
      sessions += counted.sessions;
      if (rows >= TARGET_ROWS) break;
    }
  }
  return { rows, sessions };
});

const huge = measure("huge-publisher, 90 days", () => {
  const property = createSyntheticProperty(PROFILES["huge-publisher"]);
  let rows = 0;
  let sessions = 0;
  for (let day = LAST_DAY - 89; day <= LAST_DAY; day++) {
    const counted = countDay(property, day);
    rows += counted.rows;
    sessions += counted.sessions;
  }
  return { rows, sessions };
});

const format = (value: number) => Math.round(value).toLocaleString("en-US");
for (const run of [mixed, huge]) {
  console.log(
    `${run.label.padEnd(26)} ${format(run.rows).padStart(10)} rows ${format(run.sessions).padStart(12)} sessions ${format(run.ms).padStart(7)} ms ${format((run.rows / run.ms) * 1000).padStart(10)} rows/s`,
  );
}
// maxRSS is in kilobytes.
console.log(`peak RSS ${format(process.resourceUsage().maxRSS / 1024)} MB`);
