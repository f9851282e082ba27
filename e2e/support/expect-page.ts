import type { Page } from "playwright-core";

/** Waits until the page's path is `pathname` (the SPA navigates without a load event). */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/**
 * Uncaught exceptions and `console.error` calls in the page fail the journey that caused them
 * (STYLE.md). The browser's own line for an HTTP error answer ("Failed to load resource: ...") is
 * not the app's: journeys meet 401, 404 and 429 on purpose and assert on the answers themselves.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (text.startsWith("Failed to load resource:")) return;
    errors.push(`console.error: ${text} (${message.location().url})`);
  });
  return errors;
}
