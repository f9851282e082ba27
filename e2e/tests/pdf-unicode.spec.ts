import { execFile } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { buyPlanAtCheckout, signUpAndSkipOnboarding } from "../support/journeys.ts";

const run = promisify(execFile);
const SCAN_TIMEOUT = 90_000;

/** The stand-in's test user whose one Analytics account is named in other scripts. */
const POLYGLOT_GOOGLE_USER = "polyglot.tester@gmail.com";
/** The names packages/google-emulator's multilingual profile carries. */
const PROPERTY_NAME = "東京ストア Москва متجر الرياض 🎉";
const JAPANESE_SOURCE = "ニュースレター";
const ARABIC_SOURCE = "النشرة";
const RUSSIAN_CAMPAIGN = "Летняя_распродажа";
const RUSSIAN_CAMPAIGN_LOWER = "летняя_распродажа";
const BRAND_NAME = "Агентство Север 北風 وكالة الشمال";

/**
 * Issue 22: an Agency workspace branded in Cyrillic, Chinese and Arabic, with a GA4 property
 * named and tagged in Japanese, Cyrillic and Arabic, generates its PDF report through the product;
 * pdftotext reads every name back exactly (the PDF embeds Noto fonts, ADR 015).
 */
describe("the PDF report in other scripts", () => {
  const browser = useBrowser();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "utmost-pdf-unicode-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("prints Japanese, Cyrillic, Arabic and Chinese names exactly", async () => {
    const { page } = browser;

    // White-label reports are the Agency plan's.
    await signUpAndSkipOnboarding(browser, {
      fullName: "Polyglot Agency",
      email: uniqueEmail("pdf-unicode"),
      password: "a-good-password",
    });
    await buyPlanAtCheckout(browser, "Agency");

    await page.goto(browser.url("/settings/workspace"));
    await page.getByRole("heading", { name: "Report branding" }).waitFor();
    await page.getByLabel("Display name", { exact: true }).fill(BRAND_NAME);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Report branding saved").waitFor();

    // The property, through Google's consent page as the polyglot user.
    await page.goto(browser.url("/connect-data-source"));
    await page.getByRole("button", { name: "Authorize Google Analytics" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
    await page.getByLabel(POLYGLOT_GOOGLE_USER).check();
    await page.getByRole("button", { name: "Allow" }).click();
    await waitForPath(page, "/connect-data-source");
    await page.getByLabel(PROPERTY_NAME, { exact: true }).check();
    await page.getByRole("button", { name: "Save Analytics Property" }).click();
    await waitForPath(page, "/dashboard");

    await page.getByRole("link", { name: "View Full Report" }).first().click();
    await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
    await page.getByRole("article").first().waitFor({ timeout: SCAN_TIMEOUT });
    // The tab names the report and its property.
    expect(await page.title()).toBe(`Health Report - ${PROPERTY_NAME} | Utmost`);

    await page.getByRole("button", { name: "Generate PDF report" }).click();
    const downloadLink = page.getByRole("link", { name: "Download PDF" });
    await downloadLink.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    const file = path.join(dir, "report.pdf");
    await copyFile((await download.path()) as string, file);

    const { stdout } = await run("pdftotext", [file, "-"]);
    // pdftotext brackets right-to-left stretches with bidi embedding marks.
    const text = stdout.replace(/[\u202a-\u202e]/g, "");
    expect(text).toContain(BRAND_NAME);
    expect(text).toContain("東京ストア Москва");
    expect(text).toContain("متجر الرياض");
    for (const value of [
      JAPANESE_SOURCE,
      ARABIC_SOURCE,
      RUSSIAN_CAMPAIGN,
      RUSSIAN_CAMPAIGN_LOWER,
    ]) {
      expect(text).toContain(value);
    }
    // Nothing fell back to a replacement mark, and Helvetica's garbling is gone.
    expect(text).not.toContain("\uFFFD");
  }, 180_000);
});
