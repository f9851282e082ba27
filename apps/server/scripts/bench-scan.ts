/**
 * Full scans of the Google stand-in's largest property (huge-publisher: about 180,000 sessions
 * and 28,000 report rows a day) through the real job path: the stand-in in a process of its own
 * on an ephemeral port, embedded PGlite in a temporary directory, the property connected
 * through the real OAuth client, each scan enqueued with the app's ScanStarter and run by the
 * pg-boss worker over HTTP, stored and scored. Two scans: the first while the stand-in computes
 * every report on the same two cores, the second with its reports already computed, which is
 * this process's own cost. Prints wall time, rows, rows per second, CPU and peak memory.
 *
 *   npm run bench:scan
 * and, in apps/server (the root's script does not pass options on):
 *   npm run bench:scan -- --cpu-prof DIR   (also writes a CPU profile of the next scan to DIR)
 *   npm run bench:scan -- --heap-prof DIR  (a sampled profile of what the next scan allocates)
 *   npm run bench:scan -- --database-url postgres://postgres@127.0.0.1:5432/utmost_bench
 *     (on a PostgreSQL server, an empty database, instead of PGlite in this process)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { openDatabase } from "../src/db/client.ts";
import { auditScans, users, utmIssues } from "../src/db/schema.ts";
import { loadConfig } from "../src/env.ts";
import { prepareJobQueue, startWorkers } from "../src/jobs/app-jobs.ts";
import { createJobQueue } from "../src/jobs/job-queue.ts";
import { setUpGoogle } from "../src/modules/google/google-setup.ts";
import { scanEnqueuer } from "../src/modules/scans/run-scan.job.ts";
import { createScanStarter } from "../src/modules/scans/scans.service.ts";
import { connectEmulatorProperty } from "../src/modules/scans/scans.testing.ts";
import { createWithOwner } from "../src/modules/workspaces/workspaces.repository.ts";

const PROFILE = "huge-publisher";
function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const cpuProfileDir = option("--cpu-prof");
const heapProfileDir = option("--heap-prof");
const databaseUrl = option("--database-url");
const EMULATOR_CLI = path.resolve(
  import.meta.dirname,
  "../../../packages/google-emulator/src/cli.ts",
);

/** Starts the stand-in's CLI on port 0 and reads the URL it prints. */
async function startEmulator(): Promise<{ url: string; child: ChildProcess }> {
  // Reports kept for the second scan: a 90-day scan reads about 2.6M rows in 93 reports.
  const args = [EMULATOR_CLI, "--port", "0", "--report-cache", "4000000"];
  const child = spawn(process.execPath, [...process.execArgv, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`the stand-in exited with ${code}`)));
  });
  return { url, child };
}

/** CPU seconds a process has used so far, from /proc (Linux). */
async function cpuSecondsOf(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Writes a profile the inspector took into `dir`, and says where. */
async function writeProfile(dir: string, extension: string, profile: unknown, label: string) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `bench-scan-${Date.now()}.${extension}`);
  await writeFile(file, JSON.stringify(profile));
  console.log(`  ${label}       ${file}`);
}

function format(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

const { url, child } = await startEmulator();
const dataDir = await mkdtemp(path.join(tmpdir(), "utmost-bench-scan-"));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    GOOGLE_EMULATOR_URL: url,
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const logger = pino({ level: "warn" });
  const database = await openDatabase(config.database);
  const db = database.db;

  const [user] = await db
    .insert(users)
    .values({ id: "bench-user", fullName: "Bench Marketer", email: "bench@utmost.local" })
    .returning();
  if (!user) throw new Error("user insert returned no row");
  const userId = user.id;
  const workspace = await createWithOwner(db, { name: "Bench", type: "team", ownerId: user.id });
  const dataSource = await connectEmulatorProperty({
    db,
    config,
    emulatorUrl: url,
    workspaceId: workspace.id,
    userId: user.id,
    profileKey: PROFILE,
  });

  const jobs = createJobQueue({ database, location: config.database });
  await prepareJobQueue(jobs, logger);
  await startWorkers(jobs, { db, config, google: await setUpGoogle(config), logger });
  const starter = createScanStarter({ db, enqueue: scanEnqueuer(jobs) });

  /** One scan, enqueued and awaited, and what it cost each process. */
  async function timedScan(label: string, profile = false): Promise<void> {
    const inspector = profile && (cpuProfileDir || heapProfileDir) ? new Session() : undefined;
    if (inspector) inspector.connect();
    if (inspector && cpuProfileDir) {
      await inspector.post("Profiler.enable");
      await inspector.post("Profiler.start");
    }
    if (inspector && heapProfileDir) {
      await inspector.post("HeapProfiler.enable");
      // Every allocation sampled, garbage too: what the collector has to clear is the question.
      await inspector.post("HeapProfiler.startSampling", {
        samplingInterval: 64 * 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    // The scan's own memory: sampled while it runs, since the peak RSS covers both scans.
    const memory = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      memory.rss = Math.max(memory.rss, now.rss);
      memory.heapUsed = Math.max(memory.heapUsed, now.heapUsed);
      memory.external = Math.max(memory.external, now.external);
      memory.arrayBuffers = Math.max(memory.arrayBuffers, now.arrayBuffers);
    }, 50);
    const standInCpuBefore = await cpuSecondsOf(child.pid);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const { scan } = await starter.start({
      dataSourceId: dataSource.id,
      scanType: "manual",
      requestedByUserId: userId,
    });
    let status = scan.status;
    while (status === "running") {
      // The status alone, a few times a second: polling shares the one embedded database with
      // the scan, so reading whole rows often would be measured as part of the scan.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [current] = await db
        .select({ status: auditScans.status })
        .from(auditScans)
        .where(eq(auditScans.id, scan.id));
      if (!current) throw new Error("the scan disappeared");
      status = current.status;
    }
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    if (inspector && cpuProfileDir) {
      const { profile: cpuProfile } = await inspector.post("Profiler.stop");
      await writeProfile(cpuProfileDir, "cpuprofile", cpuProfile, "CPU profile ");
    }
    if (inspector && heapProfileDir) {
      const { profile: heapProfile } = await inspector.post("HeapProfiler.stopSampling");
      await writeProfile(heapProfileDir, "heapprofile", heapProfile, "heap profile");
    }
    inspector?.disconnect();
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const standInCpuAfter = await cpuSecondsOf(child.pid);
    const standInCpu =
      standInCpuBefore === undefined || standInCpuAfter === undefined
        ? undefined
        : standInCpuAfter - standInCpuBefore;

    const [done] = await db.select().from(auditScans).where(eq(auditScans.id, scan.id));
    const [issues] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(utmIssues)
      .where(eq(utmIssues.dataSourceId, dataSource.id));
    if (done?.status !== "completed") {
      throw new Error(`the scan ended ${done?.status}: ${done?.errorMessage}`);
    }
    const report = done.report as {
      totals?: { distinctRows?: number; sessions?: number };
      fetch?: { daysFetched?: number; daysWithOtherRow?: number };
    };
    const fetch = report.fetch;
    const seconds = wallMs / 1000;
    const perMillion = (value: number) => ((1_000_000 / done.rowsFetched) * value).toFixed(2);
    console.log(`${label}`);
    console.log(
      `  scan of ${PROFILE} (${dataSource.ga4PropertyId}), ${done.dateRangeStart} to ${done.dateRangeEnd}`,
    );
    console.log(`  wall time          ${seconds.toFixed(2)} s (enqueue to completed)`);
    console.log(`  rows fetched       ${format(done.rowsFetched)}`);
    console.log(`  rows/s             ${format(done.rowsFetched / seconds)}`);
    console.log(`  per 1M rows        ${perMillion(seconds)} s`);
    console.log(
      `  CPU, this process  ${cpuSeconds.toFixed(1)} s (${perMillion(cpuSeconds)} s per 1M rows: fetch, parse, audit, store)`,
    );
    if (standInCpu !== undefined) {
      console.log(
        `  CPU, the stand-in  ${standInCpu.toFixed(1)} s (${perMillion(standInCpu)} s per 1M rows: building and serving the reports)`,
      );
    }
    const mb = (bytes: number) => format(bytes / 1024 / 1024);
    console.log(
      `  memory, sampled    ${mb(memory.rss)} MB RSS at most (${mb(memory.heapUsed)} MB heap, ${mb(memory.external)} MB outside it: ${databaseUrl ? "" : "PGlite's WebAssembly memory, "}${mb(memory.arrayBuffers)} MB of array buffers and the rest)`,
    );
    console.log(
      `  distinct rows      ${format(report.totals?.distinctRows ?? 0)} (${format(report.totals?.sessions ?? 0)} sessions)`,
    );
    console.log(
      `  API calls          ${done.apiCallsMade} (chunks of ${done.chunkSizeDays} day(s))`,
    );
    console.log(
      `  days (other)       ${fetch?.daysWithOtherRow ?? 0} of ${fetch?.daysFetched ?? 0}`,
    );
    console.log(
      `  score              ${done.healthScore} (${done.healthGrade}), ${issues?.count} issues`,
    );
  }

  await timedScan(
    "1. first scan: the property is measured and chunked; the stand-in computes every report",
  );
  await timedScan(
    "2. the next scan: the stand-in answers from memory, so this process has the cores to itself",
    true,
  );
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `peak RSS ${format(peakRssMb)} MB (this process, both scans; the stand-in runs apart)`,
  );

  await jobs.stop({ timeoutMs: 0 });
  await database.close();
} finally {
  child.kill();
  await rm(dataDir, { recursive: true, force: true });
}
