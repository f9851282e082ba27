/// <reference types="node" />
/**
 * Prints what the landing page downloads: the scripts and stylesheet dist/landing.html loads (the
 * page `/` is answered with: its own script, src/landing/main.ts, and the chunks it imports),
 * raw, gzip and as sent (the build's brotli copy), checked against Vite's manifest, and fails
 * when `/` would load more than issue 24's 60 kB of compressed JavaScript or any of the app's
 * code. Then the same for dist/index.html, the app every other page loads (issue 9,
 * docs/performance.md "Landing page weight").
 * Run after `vite build`, scripts/prerender.ts and scripts/compress-dist.ts:
 * `node scripts/report-bundle.ts [dist directory]`.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Issue 24: `/` transfers at most this much compressed JavaScript. */
export const LANDING_SCRIPT_BUDGET_BYTES = 60_000;
const LANDING_ENTRY = "src/landing/main.ts";
const APP_ENTRY = "index.html";

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../dist"));
const manifest: Manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));

/** An entry chunk and every chunk it imports statically, with their stylesheets. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/** The files of /assets a page's HTML loads: scripts, preloads and stylesheets. */
function loadedBy(htmlFile: string): Set<string> {
  const html = readFileSync(path.join(dist, htmlFile), "utf8");
  return new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+)"/g)].map(
      (match) => match[1] as string,
    ),
  );
}

function entryChunk(key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk?.isEntry) throw new Error(`dist/.vite/manifest.json has no ${key} entry`);
  return chunk;
}

function disagreement(page: string, expected: Set<string>, loaded: Set<string>): string | null {
  const missing = [...expected].filter((file) => !loaded.has(file));
  const extra = [...loaded].filter((file) => !expected.has(file));
  if (missing.length === 0 && extra.length === 0) return null;
  return `${page} and the manifest disagree: missing ${missing.join(", ") || "none"}; extra ${extra.join(", ") || "none"}`;
}

const appFiles = staticClosure(APP_ENTRY);
const appStylesheets = entryChunk(APP_ENTRY).css ?? [];
const landingScripts = staticClosure(LANDING_ENTRY);
entryChunk(LANDING_ENTRY);

// The landing page: its own script's chunks and the app's stylesheet, nothing else.
const landing = loadedBy("landing.html");
const landingProblem = disagreement(
  "landing.html",
  new Set([...landingScripts, ...appStylesheets]),
  landing,
);
if (landingProblem) throw new Error(landingProblem);
const appEntryFile = entryChunk(APP_ENTRY).file;
if (landing.has(appEntryFile)) throw new Error(`the landing page loads the app (${appEntryFile})`);

// The app: its entry and static imports; never a lazy route's chunk.
const app = loadedBy("index.html");
const appProblem = disagreement("index.html", appFiles, app);
if (appProblem) throw new Error(appProblem);
const lazyRoutes = Object.values(manifest).filter(
  (chunk) => chunk.isDynamicEntry && (app.has(chunk.file) || landing.has(chunk.file)),
);
if (lazyRoutes.length > 0) {
  throw new Error(`a page loads lazy chunks: ${lazyRoutes.map((c) => c.file).join(", ")}`);
}

interface Row {
  file: string;
  raw: number;
  gzip: number;
  /** What is sent to a browser that takes brotli: the build's .br copy (compress-dist.ts). */
  brotli: number;
}

function measure(file: string): Row {
  const bytes = readFileSync(path.join(dist, file));
  const br = path.join(dist, `${file}.br`);
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes).length,
    brotli: existsSync(br) ? readFileSync(br).length : bytes.length,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const total = (kind: string, list: Row[]): Row => ({
  file: `total ${kind}`,
  raw: list.reduce((sum, row) => sum + row.raw, 0),
  gzip: list.reduce((sum, row) => sum + row.gzip, 0),
  brotli: list.reduce((sum, row) => sum + row.brotli, 0),
});

/** Prints a page's table; returns its JavaScript total. */
function report(title: string, htmlFile: string, files: Set<string>): Row {
  const rows = [htmlFile, ...[...files].sort()].map(measure);
  const js = rows.filter((row) => row.file.endsWith(".js"));
  const css = rows.filter((row) => row.file.endsWith(".css"));
  const html = rows.filter((row) => row.file.endsWith(".html"));
  const scripts = total("JavaScript", js);
  const table = [...html, ...js, scripts, ...css, total("CSS", css)];
  const width = Math.max(...table.map((row) => row.file.length));
  const line = (file: string, raw: string, gzip: string, brotli: string) =>
    `${file.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}  ${brotli.padStart(10)}`;
  console.log(`\n${title}`);
  console.log(line("file", "raw", "gzip", "sent (br)"));
  for (const row of table) console.log(line(row.file, kb(row.raw), kb(row.gzip), kb(row.brotli)));
  return scripts;
}

const landingJs = report(
  "Landing page (/) weight: what dist/landing.html loads",
  "landing.html",
  landing,
);
report("Every other page: the app, what dist/index.html loads", "index.html", app);
const lazyCount = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
console.log(`Lazy route chunks, loaded by neither: ${lazyCount}\n`);

const sent = Math.max(landingJs.brotli, landingJs.gzip);
if (sent > LANDING_SCRIPT_BUDGET_BYTES) {
  throw new Error(
    `the landing page loads ${kb(sent)} of compressed JavaScript, over its ${kb(LANDING_SCRIPT_BUDGET_BYTES)} budget (issue 24)`,
  );
}
