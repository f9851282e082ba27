/** Waits until the page's path is `pathname` (the SPA navigates without a load event). */
export async function waitForPath(page, pathname, timeout = 15000) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}
/** Uncaught exceptions in the page fail the journey that caused them. */
export function collectPageErrors(page) {
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
