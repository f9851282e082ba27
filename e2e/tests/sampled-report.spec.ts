import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Browser, uniqueEmail, useBrowser } from "../support/browser.ts";
import { signUpConnectAndAudit } from "../support/journeys.ts";

/** What this test reads of a scan in the app's API (ScanSchema in packages/contracts). */
interface Scan {
  id: string;
  status: string;
  isComplete: boolean;
  isSampled: boolean;
  samplingRate: number | null;
}

/** The large property is read in 2-day chunks, three reports each: the slowest demo scan. */
const SCAN_TIMEOUT = 120_000;

/**
 * Google answers reports over the stand-in's large store ("Northwind Outfitters UK") from a
 * sample of its events, as it does for big properties: the health report and the API say the
 * scan is sampled instead of presenting its counts as exact.
 */
describe("a sampled property", () => {
  const browser = useBrowser();

  it(
    "shows the Sampled badge and what it means on the health report, and isSampled in the API",
    async () => {
      const { page } = browser;

      // Alex Morgan's Google account sees the Northwind Outfitters properties.
      await signUpConnectAndAudit(browser, {
        fullName: "Sam Pling",
        email: uniqueEmail("sampled"),
        property: /Northwind Outfitters UK/,
        timeout: SCAN_TIMEOUT,
      });

      await page.getByRole("link", { name: "View Full Report" }).first().click();
      await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
      await page.getByRole("heading", { name: "Northwind Outfitters UK" }).first().waitFor();

      await page.getByText("Sampled", { exact: true }).waitFor();
      await page
        .getByText(
          /^Google answered this scan from a sample of [\d.]+% of the property's events, so session counts are estimates\.$/,
        )
        .waitFor();
      expect(await page.getByText("Completed", { exact: true }).count()).toBe(0);

      const scan = await latestScan(browser, dataSourceIdOf(page));
      expect(scan).toMatchObject({ status: "completed", isComplete: true, isSampled: true });
      expect(scan.samplingRate).toBeGreaterThan(0);
      expect(scan.samplingRate).toBeLessThan(1);
    },
    SCAN_TIMEOUT * 2,
  );
});

function dataSourceIdOf(page: Page): string {
  const id = /^\/data-sources\/([^/]+)\/health$/.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error(`not on a health report: ${page.url()}`);
  return id;
}

/** The property's newest scan, read back through the app's own API with the page's session. */
async function latestScan(browser: Browser, dataSourceId: string): Promise<Scan> {
  const list = await browser.context.request.get(
    browser.url(`/api/data-sources/${dataSourceId}/scans`),
  );
  expect(list.status()).toBe(200);
  const [newest] = ((await list.json()) as { scans: Scan[] }).scans;
  if (!newest) throw new Error("the property has no scan");
  const one = await browser.context.request.get(browser.url(`/api/scans/${newest.id}`));
  expect(one.status()).toBe(200);
  return ((await one.json()) as { scan: Scan }).scan;
}
