/// <reference types="node" />
/**
 * Writes dist/landing.html, which the server sends for `/` (issue 24): dist/index.html with the
 * landing page rendered into #root and the app's script swapped for the landing page's own
 * (src/landing/main.ts, the build's second entry), plus the `<template>`s that script clones.
 * So `/` shows its text before any script runs and loads none of the app; its links to other
 * pages load the app. The landing page is built for Node with Vite's SSR build (the same sources,
 * aliases and CSS classes as the app), rendered once, then that build is removed.
 * Run after `vite build`: `node scripts/prerender.ts [dist directory]`.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The landing page's script in Vite's manifest (vite.config.ts, `input.landing`). */
export const LANDING_ENTRY = "src/landing/main.ts";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(process.argv[2] ?? path.join(web, "dist"));
// Inside the project, so Node finds the packages the rendered page imports.
const outDir = path.join(web, ".prerender");

/** The entry's file and the chunks it imports, which the page preloads. */
function landingScripts(manifest: Manifest): { entry: string; imports: string[] } {
  const chunk = manifest[LANDING_ENTRY];
  if (!chunk?.isEntry) throw new Error(`dist/.vite/manifest.json has no ${LANDING_ENTRY} entry`);
  if ((chunk.css ?? []).length > 0) {
    // The page keeps the app's stylesheet; a stylesheet of its own would be a second one.
    throw new Error(`${LANDING_ENTRY} imports CSS: the landing page uses the app's stylesheet`);
  }
  const imports = new Set<string>();
  const visit = (key: string) => {
    const imported = manifest[key];
    if (!imported || imports.has(imported.file)) return;
    imports.add(imported.file);
    for (const next of imported.imports ?? []) visit(next);
  };
  for (const key of chunk.imports ?? []) visit(key);
  return { entry: chunk.file, imports: [...imports] };
}

/** index.html without the app's scripts and preloads, with the landing page's in their place. */
function withLandingScripts(index: string, scripts: { entry: string; imports: string[] }): string {
  const appScript = /\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/g;
  const appPreload = /\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g;
  if ((index.match(appScript) ?? []).length !== 1) {
    throw new Error("dist/index.html does not load exactly one module script from /assets/");
  }
  const tags = [
    `<script type="module" crossorigin src="/${scripts.entry}"></script>`,
    ...scripts.imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return index.replace(appPreload, "").replace(appScript, `\n    ${tags.join("\n    ")}`);
}

await build({
  root: web,
  logLevel: "warn",
  build: {
    ssr: path.join(web, "src/prerender/landing.tsx"),
    outDir,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
  },
});
try {
  const { renderLanding, renderTemplates } = (await import(
    pathToFileURL(path.join(outDir, "landing.js")).href
  )) as { renderLanding: () => string; renderTemplates: () => string };
  const page = renderLanding();
  const templates = renderTemplates();
  const manifest: Manifest = JSON.parse(
    readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"),
  );
  const index = readFileSync(path.join(dist, "index.html"), "utf8");
  const root = '<div id="root"></div>';
  if (!index.includes(root)) throw new Error(`dist/index.html has no ${root}`);
  const landing = withLandingScripts(index, landingScripts(manifest)).replace(
    root,
    `<div id="root">${page}</div>\n    ${templates}`,
  );
  writeFileSync(path.join(dist, "landing.html"), landing);
  console.log(
    `Prerendered the landing page: ${(page.length / 1000).toFixed(1)} kB of HTML, ${(templates.length / 1000).toFixed(1)} kB of templates`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
