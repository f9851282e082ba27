/**
 * The `utmost-audit` CLI against a columnar engine, side by side in one run (issue 24): a
 * generated 1M-row GA4-shaped CSV, once with high cardinality (landing pages with query strings
 * x campaign x content, ~887,000 distinct combinations) and once with low (~120,000), read by
 * the CLI (`--format json`) and by DuckDB (one thread, the same GROUP BY over every column).
 * Each run is a child process of its own, so its wall time and peak RSS are its alone.
 *
 *   npm run bench:cli                (1,000,000 rows, three runs of each)
 *   npm run bench:cli -- 250000      (any row count)
 *   npm run bench:cli -- --runs 5    (any number of runs)
 *
 * The runs alternate, the CLI then DuckDB, and the table gives each side's median time and its
 * highest peak: a single run of either moves by a tenth or more on a shared machine.
 *
 * The CSVs are written once to the temp directory and reused while their size and generator
 * version match.
 */
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync, readFileSync, renameSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { mulberry32 } from "./seeded-random.ts";

const GENERATOR_VERSION = 1;
const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt < 0 ? 3 : Number(process.argv[runsAt + 1]);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a positive whole number");
const rowsArg = process.argv
  .slice(2)
  .find((arg, i, args) => /^\d+$/.test(arg) && args[i - 1] !== "--runs");
const ROWS = rowsArg === undefined ? 1_000_000 : Number(rowsArg);
if (!Number.isInteger(ROWS) || ROWS < 1)
  throw new Error("the row count is a positive whole number");
const DIR = path.join(tmpdir(), "utmost-bench-cli");
const here = import.meta.dirname;

const COLUMNS = [
  "date",
  "sessionSource",
  "sessionMedium",
  "sessionCampaignName",
  "sessionManualAdContent",
  "sessionDefaultChannelGroup",
  "landingPagePlusQueryString",
  "sessions",
] as const;

/** Pools of values as seen in the wild, mistakes included, so the checks have work to do. */
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
  "(not set)",
  "affiliate",
];
const CHANNELS = [
  "Paid Search",
  "Organic Search",
  "Direct",
  "Email",
  "Organic Social",
  "Paid Social",
  "Referral",
  "Display",
  "Unassigned",
];

/** One combination of values per index: distinct indexes are distinct combinations. */
function combination(index: number): string {
  const source = SOURCES[index % SOURCES.length] as string;
  const medium = MEDIUMS[(index * 7) % MEDIUMS.length] as string;
  const channel = CHANNELS[(index * 5) % CHANNELS.length] as string;
  const campaign = `spring_sale_${(index * 13) % 240}${index % 11 === 0 ? " " : ""}`;
  const content = `ad_${(index * 31) % 97}`;
  const landing = `/products/item-${index % 40_000}?utm_source=${source}&utm_campaign=${encodeURIComponent(campaign)}&ref=${Math.floor(index / 40_000)}`;
  return [source, medium, campaign, content, channel, `"${landing}"`].join(",");
}

/** Writes the CSV unless it is there: `pool` combinations drawn at random, 90 days. */
async function csvFile(kind: "high" | "low", pool: number): Promise<string> {
  const file = path.join(DIR, `${kind}-${ROWS}-v${GENERATOR_VERSION}.csv`);
  if (existsSync(file)) return file;
  await mkdir(DIR, { recursive: true });
  const partial = `${file}.part`;
  const out = createWriteStream(partial);
  const random = mulberry32(kind === "high" ? 24 : 42);
  const day0 = Date.parse("2026-08-01T00:00:00Z");
  let chunk = `${COLUMNS.join(",")}\n`;
  for (let i = 0; i < ROWS; i++) {
    const index = Math.floor(random() * pool);
    const date = new Date(day0 + Math.floor(random() * 90) * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll("-", "");
    chunk += `${date},${combination(index)},${1 + Math.floor(random() * 20)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
  renameSync(partial, file);
  return file;
}

interface Measured {
  wallMs: number;
  peakRssMb: number;
  groups: number;
}

/** The Node flags `utmost-audit` runs with: those of its first line (`env -S node ...`). */
const CLI_FLAGS = (
  readFileSync(path.join(here, "../bin/utmost-audit.js"), "utf8").split("\n")[0] ?? ""
)
  .split(/\s+/)
  .filter((word) => word.startsWith("--"));

/** Runs a measuring script in a child process; it prints `{ peakRssMb, groups }` last. */
function measure(script: string, file: string, flags: readonly string[] = []): Measured {
  const started = performance.now();
  const child = spawnSync(process.execPath, [...flags, path.join(here, script), file], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`${script} failed: ${child.stderr}`);
  const last = child.stdout.trim().split("\n").at(-1) ?? "{}";
  const { peakRssMb, groups } = JSON.parse(last) as { peakRssMb: number; groups: number };
  return { wallMs, peakRssMb, groups };
}

// The command keeps its compiled modules on disk (bin/utmost-audit.js): one run first fills that
// cache, so the runs measured start as every run after a user's first does.
spawnSync(process.execPath, [...CLI_FLAGS, path.join(here, "../bin/utmost-audit.js"), "--help"]);

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function peak(measured: readonly Measured[]): number {
  return Math.max(...measured.map((m) => m.peakRssMb));
}

const rows: string[] = [];
const runs: string[] = [];
for (const [kind, pool] of [
  ["high", 4_000_000],
  ["low", 120_000],
] as const) {
  const file = await csvFile(kind, pool);
  const utmost: Measured[] = [];
  const duckdb: Measured[] = [];
  for (let run = 0; run < RUNS; run++) {
    utmost.push(measure("bench-cli-utmost.ts", file, CLI_FLAGS));
    duckdb.push(measure("bench-cli-duckdb.ts", file));
  }
  const ours = median(utmost.map((m) => m.wallMs));
  const theirs = median(duckdb.map((m) => m.wallMs));
  rows.push(
    `| ${kind} | ${ROWS.toLocaleString("en")} | ${(duckdb[0] as Measured).groups.toLocaleString("en")} | ${seconds(ours)} | ${peak(utmost)} MB | ${seconds(theirs)} | ${peak(duckdb)} MB | ${(ours / theirs).toFixed(1)}x |`,
  );
  runs.push(
    `${kind}: utmost-audit ${utmost.map((m) => seconds(m.wallMs)).join(", ")}; DuckDB ${duckdb.map((m) => seconds(m.wallMs)).join(", ")}`,
  );
}
console.log(
  `| cardinality | rows | distinct combinations | utmost-audit (median of ${RUNS}) | highest peak RSS | DuckDB, 1 thread (median of ${RUNS}) | highest peak RSS | ratio of medians |`,
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
console.log("");
for (const line of runs) console.log(line);
