/// <reference types="node" />
/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build that is worth
 * compressing, at the highest levels once at build time, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request (issue 24).
 * Run after `vite build`: `node scripts/compress-dist.ts [dist directory]`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text the browser loads; images and fonts here are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;
/** Under this a compressed copy saves too little to be worth a second file. */
const MIN_BYTES = 1024;

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../dist"));

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest is read by the build's report, never sent.
      if (entry.name !== ".vite") yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) {
      yield full;
    }
  }
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files(dist)) {
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  raw += content.length;
  brotli += br.length;
  count += 1;
}
console.log(
  `Compressed ${count} files: ${(raw / 1000).toFixed(1)} kB raw, ${(brotli / 1000).toFixed(1)} kB brotli (.br and .gz beside each)`,
);
