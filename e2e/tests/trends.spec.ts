import { describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { signUpConnectAndAudit } from "../support/journeys.ts";

/** A scan of a demo property takes a few seconds; the journey runs two. */
const SCAN_TIMEOUT = 90_000;

/**
 * The health report's history: a newcomer's property has one scan, so the report says the
 * chart comes with the second; a second audit draws both scans and says what changed.
 */
describe("score over time", () => {
  const browser = useBrowser();

  it(
    "a chart appears after two scans",
    async () => {
      const { page } = browser;

      // A newcomer connects a property in onboarding; its first audit runs there.
      await signUpConnectAndAudit(browser, {
        fullName: "Robin Trends",
        email: uniqueEmail("trends"),
        property: /Northwind Outfitters - GA4/,
        timeout: SCAN_TIMEOUT,
      });

      // One completed scan: no chart yet, and the report says when it comes.
      await page.getByRole("link", { name: "View Full Report" }).first().click();
      await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
      await page.getByRole("heading", { name: "Score over time" }).waitFor();
      await page.getByText("The chart appears after the second scan.").waitFor();
      // Beside the score, the changes card says they come with the next audit.
      await page.getByText(/^This is the property's first completed audit/).waitFor();

      // A second audit: the chart draws both scans, and the changes card appears.
      await page.getByRole("button", { name: "Run New Audit" }).click();
      await page.getByRole("button", { name: "Running Audit..." }).waitFor();
      await page.getByRole("button", { name: "Run New Audit" }).waitFor({ timeout: SCAN_TIMEOUT });
      const chart = page.getByRole("img", { name: /^Health score over 2 scans/ });
      await chart.waitFor();
      expect(await chart.locator("circle").count()).toBe(2);
      const table = page.getByRole("table", { name: "Every completed scan" });
      expect(await table.getByRole("row").count()).toBe(3);
      await page.getByRole("heading", { name: "Since the previous scan" }).waitFor();
      await page.getByRole("region", { name: /^New issues/ }).waitFor();
      await page.getByRole("region", { name: /^Fixed/ }).waitFor();
      await page.getByRole("region", { name: /^Re-opened/ }).waitFor();
      expect(await page.getByText("The chart appears after the second scan.").count()).toBe(0);
      expect(await page.getByText(/^This is the property's first completed audit/).count()).toBe(0);
    },
    SCAN_TIMEOUT * 3,
  );
});
