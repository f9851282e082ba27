import type { Page } from "playwright-core";

/** Waits until the page's path is `pathname` (the SPA navigates without a load event). */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** Uncaught exceptions in the page fail the journey that caused them. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
