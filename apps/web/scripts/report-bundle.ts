/// <reference types="node" />
/**
 * Prints what the landing page downloads: the files dist/index.html loads (the entry chunk, its
 * static imports and the stylesheet), raw and gzip, checked against Vite's manifest so a lazy
 * route's chunk pulled into the entry shows up here (issue 9, docs/performance.md).
 * Run after `vite build`: `node scripts/report-bundle.ts`.
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

const dist = path.resolve(import.meta.dirname, "../dist");
const manifest: Manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const html = readFileSync(path.join(dist, "index.html"), "utf8");

/** The entry chunk and every chunk it imports statically, with their stylesheets. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error("dist/.vite/manifest.json has no entry chunk");
const fromManifest = staticClosure(entryKey);
const fromHtml = new Set(
  [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+)"/g)].map(
    (match) => match[1] as string,
  ),
);
const missing = [...fromManifest].filter((file) => !fromHtml.has(file));
const extra = [...fromHtml].filter((file) => !fromManifest.has(file));
if (missing.length > 0 || extra.length > 0) {
  throw new Error(
    `index.html and the manifest disagree: missing ${missing.join(", ")}; extra ${extra.join(", ")}`,
  );
}

const lazyRoutes = Object.values(manifest).filter(
  (chunk) => chunk.isDynamicEntry && fromHtml.has(chunk.file),
);
if (lazyRoutes.length > 0) {
  throw new Error(
    `the landing page loads lazy chunks: ${lazyRoutes.map((c) => c.file).join(", ")}`,
  );
}

interface Row {
  file: string;
  raw: number;
  gzip: number;
  /** What is sent to a browser that takes brotli: the build's .br copy (compress-dist.ts). */
  brotli: number;
}
const rows: Row[] = [...fromHtml].sort().map((file) => {
  const bytes = readFileSync(path.join(dist, file));
  const br = path.join(dist, `${file}.br`);
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes).length,
    brotli: existsSync(br) ? readFileSync(br).length : bytes.length,
  };
});

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const total = (kind: string, list: Row[]): Row => ({
  file: `total ${kind}`,
  raw: list.reduce((sum, row) => sum + row.raw, 0),
  gzip: list.reduce((sum, row) => sum + row.gzip, 0),
  brotli: list.reduce((sum, row) => sum + row.brotli, 0),
});
const js = rows.filter((row) => row.file.endsWith(".js"));
const css = rows.filter((row) => row.file.endsWith(".css"));
const table = [...js, total("JavaScript", js), ...css, total("CSS", css)];
const width = Math.max(...table.map((row) => row.file.length));
const line = (file: string, raw: string, gzip: string, brotli: string) =>
  `${file.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}  ${brotli.padStart(10)}`;

console.log("\nLanding page (/) weight: what dist/index.html loads");
console.log(line("file", "raw", "gzip", "sent (br)"));
for (const row of table) console.log(line(row.file, kb(row.raw), kb(row.gzip), kb(row.brotli)));
const lazyCount = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
console.log(`Lazy route chunks, not loaded by /: ${lazyCount}\n`);
