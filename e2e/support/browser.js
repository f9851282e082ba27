import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { inject } from "vitest";

/** Debian's Chromium, started the way this machine allows (no sandbox, no background network). */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export async function openBrowser(options = {}) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "utmost-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const baseUrl = inject("baseUrl");
  const browser = {
    page,
    context,
    baseUrl,
    url: (pathname) => new URL(pathname, baseUrl).toString(),
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
  return browser;
}
let counter = 0;
export function uniqueEmail(label) {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}
