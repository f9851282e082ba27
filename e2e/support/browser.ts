import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterEach, beforeEach, expect, inject } from "vitest";
import { collectPageErrors } from "./expect-page.ts";

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

export interface Browser {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** An absolute URL on the app under test. */
  url(pathname: string): string;
  close(): Promise<void>;
}

export async function openBrowser(options: { width?: number; height?: number } = {}) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "utmost-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const baseUrl = inject("baseUrl");
  const browser: Browser = {
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
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

/**
 * A fresh browser for every test of the enclosing `describe`, closed after it; an uncaught
 * exception in the page fails the test that caused it. The returned object always speaks for
 * the current test's browser.
 */
export function useBrowser(options: { width?: number; height?: number } = {}): Browser {
  let current: Browser | undefined;
  let pageErrors: string[] = [];
  beforeEach(async () => {
    current = await openBrowser(options);
    pageErrors = collectPageErrors(current.page);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
    expect(pageErrors).toEqual([]);
  });
  const open = (): Browser => {
    if (!current) throw new Error("useBrowser: the browser is open only inside a test");
    return current;
  };
  return {
    get page() {
      return open().page;
    },
    get context() {
      return open().context;
    },
    get baseUrl() {
      return open().baseUrl;
    },
    url: (pathname) => open().url(pathname),
    close: () => open().close(),
  };
}
