/**
 * Throughput and memory of the engine on generated GA4 rows.
 *
 *   npm run bench -w packages/engine            (100k and 1M rows)
 *   npm run bench -w packages/engine -- 250000  (any row counts)
 *
 * Rows are made on the fly from fixed pools with a seeded generator, so the engine's memory, not
 * the input's, is what grows. Each size runs in a fresh child process for a clean peak RSS.
 */
import { execFileSync } from "node:child_process";
import { createAuditor } from "../src/core/auditor.ts";
import type { AuditRow } from "../src/core/types.ts";
import { mulberry32 } from "./seeded-random.ts";

const sizes = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);

const SOURCES = [
  "google",
  "facebook",
  "Facebook",
  "newsletter",
  "bing",
  "(direct)",
  "instagram",
  "linkedin",
  "fb",
  "facebok",
  "partner-site.com",
  "www.example.com",
  "mail.google.com",
  "tiktok",
  "(not set)",
];
const MEDIUMS = [
  "cpc",
  "organic",
  "(none)",
  "email",
  "social",
  "paid_social",
  "referral",
  "banner",
  "Email",
  "newsletter",
  "ads",
  "(not set)",
  "affiliate",
  "facebook",
];
const PAGES = ["/", "/pricing", "/blog/utm-guide", "/checkout", "/features", "/signup"];
const DAYS = 90;

/**
 * A GA4 report has one row per distinct combination per day: over a 90-day scan, a property with
 * K distinct source / medium / campaign / landing combinations gives about 90 K rows. The
 * generator draws K = rows / 90 combinations once, then emits them day by day.
 */
function generator(seed: number, rows: number) {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const campaignNames = Array.from(
    { length: 2000 },
    (_, i) => `campaign_${i % 7 === 0 ? "Spring" : "spring"}_${i}`,
  );
  const combos = Array.from({ length: Math.max(1, Math.ceil(rows / DAYS)) }, () => {
    const source = pick(SOURCES);
    const medium = pick(MEDIUMS);
    const campaign = random() < 0.3 ? "(not set)" : pick(campaignNames);
    const page = pick(PAGES);
    return {
      sessionSource: source,
      sessionMedium: medium,
      sessionCampaignName: campaign,
      sessionDefaultChannelGroup: "Unassigned",
      sessionManualSource: source,
      sessionManualMedium: medium,
      sessionManualCampaignName: campaign,
      landingPagePlusQueryString:
        random() < 0.5
          ? `${page}?ref=${Math.floor(random() * 1e6)}`
          : `${page}?utm_source=${source}&utm_medium=${medium}&utm_campaign=${campaign}`,
    };
  });
  const dates = Array.from({ length: DAYS }, (_, d) => {
    const day = new Date(Date.UTC(2026, 6, 1 + d));
    return day.toISOString().slice(0, 10).replaceAll("-", "");
  });
  return (index: number): AuditRow => ({
    ...(combos[index % combos.length] as (typeof combos)[number]),
    date: dates[Math.floor(index / combos.length) % DAYS] as string,
    sessions: 1 + (index % 17),
  });
}

function runOne(rows: number) {
  const make = generator(42, rows);
  // The cost of making rows alone, to tell it apart from the engine's.
  let started = performance.now();
  let sink = 0;
  for (let i = 0; i < rows; i++) sink += make(i).sessions;
  const generateMs = performance.now() - started;

  const make2 = generator(42, rows);
  const auditor = createAuditor({ siteHosts: ["www.example.com"], now: new Date("2026-10-01") });
  started = performance.now();
  for (let i = 0; i < rows; i++) auditor.add(make2(i));
  const addMs = performance.now() - started;
  started = performance.now();
  const report = auditor.finish();
  const finishMs = performance.now() - started;
  const engineMs = addMs + finishMs - generateMs;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      rows,
      distinctRows: report.totals.distinctRows,
      checks: report.checks.length,
      generateMs: Math.round(generateMs),
      addMs: Math.round(addMs),
      finishMs: Math.round(finishMs),
      engineMs: Math.round(engineMs),
      rowsPerSecond: Math.round(rows / (engineMs / 1000)),
      peakRssMb: Math.round(peakMb),
      score: report.healthScore,
      sink: sink > 0,
    }),
  );
}

if (process.env.UTMOST_BENCH_CHILD) {
  runOne(Number(process.env.UTMOST_BENCH_CHILD));
} else {
  const list = sizes.length > 0 ? sizes : [100_000, 1_000_000];
  console.log(`node ${process.version}, ${list.length} run(s), one process each`);
  console.log("rows        distinct  engine ms  rows/s (engine)  finish ms  peak RSS MB");
  for (const rows of list) {
    const out = execFileSync(process.execPath, [import.meta.filename], {
      env: { ...process.env, UTMOST_BENCH_CHILD: String(rows) },
      encoding: "utf8",
    });
    const r = JSON.parse(out.trim().split("\n").pop() as string);
    console.log(
      `${String(r.rows).padEnd(12)}${String(r.distinctRows).padEnd(10)}${String(r.engineMs).padEnd(11)}${String(r.rowsPerSecond).padEnd(17)}${String(r.finishMs).padEnd(11)}${r.peakRssMb}`,
    );
  }
}
