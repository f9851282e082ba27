/// <reference types="node" />
/**
 * Writes dist/landing.html: dist/index.html with the landing page rendered into #root (issue 24),
 * which the server sends for `/`. The landing page is built for Node with Vite's SSR build (the
 * same sources, aliases and CSS classes as the app), rendered once, then the build is removed.
 * Run after `vite build`: `node scripts/prerender.ts`.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");
// Inside the project, so Node finds the packages the rendered page imports.
const outDir = path.join(web, ".prerender");

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
  const { renderLanding } = (await import(pathToFileURL(path.join(outDir, "landing.js")).href)) as {
    renderLanding: () => string;
  };
  const page = renderLanding();
  const index = readFileSync(path.join(dist, "index.html"), "utf8");
  const root = '<div id="root"></div>';
  if (!index.includes(root)) throw new Error(`dist/index.html has no ${root}`);
  writeFileSync(
    path.join(dist, "landing.html"),
    index.replace(root, `<div id="root">${page}</div>`),
  );
  console.log(`Prerendered the landing page: ${(page.length / 1000).toFixed(1)} kB of HTML`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
