import { execFile } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { signIn } from "../support/journeys.ts";
import { demoPropertyId } from "../support/pages.ts";

const run = promisify(execFile);
const DEMO_PROPERTY = "Larkspur Home";

interface Counts {
  critical: number;
  warning: number;
}

/** The number in the `dd` beside the `dt` named `label`, in `scope`. */
async function countIn(scope: Locator, label: string): Promise<number> {
  const value = await scope
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .first()
    .locator("xpath=..")
    .locator("dd")
    .first()
    .textContent();
  return Number((value ?? "").replace(/[^\d]/g, ""));
}

/** The health summary's counts. */
async function summaryCounts(page: Page): Promise<Counts & { passed: number }> {
  // The only "Critical Issues" on the page is the summary's.
  const summary = page.locator("body");
  return {
    critical: await countIn(summary, "Critical Issues"),
    warning: await countIn(summary, "Warnings"),
    passed: await countIn(summary, "Passed Checks"),
  };
}

/** The issue list's counts per filter value: "Active (n)", and Critical/Warning among them. */
async function listCounts(page: Page) {
  const active = await page.getByRole("button", { name: /^Active \(\d+\)$/ }).textContent();
  const severity = page.getByRole("combobox", { name: "Severity" });
  const option = async (label: string) =>
    Number(
      /\((\d+)\)/.exec(
        (await severity.locator("option", { hasText: label }).textContent()) ?? "",
      )?.[1],
    );
  return {
    active: Number(/\((\d+)\)/.exec(active ?? "")?.[1]),
    critical: await option("Critical"),
    warning: await option("Warning"),
    info: await option("Info"),
  };
}

/**
 * Issue 22, one model of counts: for the demo property, the dashboard, the health report's
 * summary, its issue list, Client Overview and the PDF report show the same numbers; a muted and
 * a resolved issue leave the counts, are listed under their status and can be restored.
 */
describe("one model of counts", () => {
  const browser = useBrowser();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "utmost-report-counts-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("agrees everywhere, and muted and resolved issues can be listed and restored", async () => {
    const { page } = browser;
    await signIn(browser);

    // The dashboard's card, once the demo's history is in.
    await demoPropertyId(browser);
    await page.goto(browser.url("/dashboard"));
    const reportLink = page.getByRole("link", { name: "View Full Report" }).first();
    await reportLink.waitFor();
    const card = page
      .locator("div")
      .filter({ has: page.getByText(DEMO_PROPERTY, { exact: true }) })
      .filter({ has: page.getByRole("link", { name: "View Full Report" }) })
      .last();
    await card.locator("dt", { hasText: /^Critical$/ }).waitFor();
    const dashboard = {
      critical: await countIn(card, "Critical"),
      warning: await countIn(card, "Warnings"),
      passed: await countIn(card, "Passed"),
    };
    expect(dashboard.critical + dashboard.warning).toBeGreaterThan(1);

    // The health report: the summary and the list.
    await card.getByRole("link", { name: "View Full Report" }).click();
    await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
    const reportPath = new URL(page.url()).pathname;
    await page.getByRole("button", { name: /^Active \(\d+\)$/ }).waitFor();
    expect(await summaryCounts(page)).toEqual(dashboard);
    const list = await listCounts(page);
    expect({ critical: list.critical, warning: list.warning }).toEqual({
      critical: dashboard.critical,
      warning: dashboard.warning,
    });
    expect(list.active).toBe(list.critical + list.warning + list.info);
    expect(await page.getByRole("article").count()).toBe(list.active);
    // The definition, one click away.
    await page.getByRole("button", { name: "How are these counted?" }).first().click();
    await page.getByRole("dialog").getByText("How these numbers are counted").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Client Overview.
    await page.goto(browser.url("/clients"));
    await page.getByRole("heading", { level: 1, name: "Client Overview" }).waitFor();
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: DEMO_PROPERTY, exact: true }) });
    await row.waitFor();
    const headers = await page.getByRole("columnheader").allTextContents();
    const criticalColumn = headers.findIndex((header) => header.trim() === "Critical");
    expect(criticalColumn).toBeGreaterThan(-1);
    const clientsCritical = await row.locator("td").nth(criticalColumn).textContent();
    expect(Number(clientsCritical?.trim())).toBe(dashboard.critical);

    // The PDF report.
    await page.goto(browser.url(reportPath));
    await page.getByRole("button", { name: "Generate PDF report" }).click();
    const downloadLink = page.getByRole("link", { name: "Download PDF" });
    await downloadLink.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    const file = path.join(dir, "report.pdf");
    await copyFile((await download.path()) as string, file);
    const { stdout: text } = await run("pdftotext", ["-layout", file, "-"]);
    const lines = text.split("\n");
    const labels = lines.findIndex((line) => /Critical\s+Warning\s+Info/.test(line));
    expect(labels).toBeGreaterThan(0);
    const numbers = lines
      .slice(0, labels)
      .reverse()
      .find((line) => /\d/.test(line))
      ?.trim()
      .split(/\s+/)
      .map((value) => Number(value.replace(/,/g, "")));
    expect(numbers).toEqual([list.critical, list.warning, list.info]);

    // Mute one issue and resolve another: both leave the counts.
    const issues = page.getByRole("article");
    await issues.first().waitFor();
    const mutedTitle = await titleOf(issues.nth(0));
    const mutedSeverity = await severityOf(issues.nth(0));
    await issues.nth(0).getByRole("button", { name: "Mute" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Reason").fill("A test campaign of ours");
    await dialog.getByRole("button", { name: "Mute Issue" }).click();
    await page.getByText("Issue muted").first().waitFor();
    await page
      .getByRole("article", { name: mutedTitle, exact: true })
      .waitFor({ state: "detached" });
    const resolvedTitle = await titleOf(issues.nth(0));
    const resolvedSeverity = await severityOf(issues.nth(0));
    await issues.nth(0).getByRole("button", { name: "Resolve" }).click();
    await page.getByText("Issue resolved").first().waitFor();
    await page.getByRole("button", { name: `Active (${list.active - 2})` }).waitFor();
    const gone = [mutedSeverity, resolvedSeverity];
    const left = (severity: string) => gone.filter((one) => one === severity).length;
    await expect
      .poll(() => summaryCounts(page))
      .toEqual({
        critical: dashboard.critical - left("Critical"),
        warning: dashboard.warning - left("Warning"),
        passed: dashboard.passed,
      });

    // Listed under their status, and restored.
    await page.getByRole("button", { name: "Muted (1)" }).click();
    const muted = page.getByRole("article", { name: mutedTitle, exact: true });
    await muted.getByText("A test campaign of ours", { exact: false }).waitFor();
    await muted.getByRole("button", { name: "Unmute" }).click();
    await page.getByText("Issue unmuted").first().waitFor();
    await page.getByRole("button", { name: "Resolved (1)" }).click();
    const resolved = page.getByRole("article", { name: resolvedTitle, exact: true });
    await resolved.getByRole("button", { name: "Reopen" }).click();
    await page.getByText("Issue reopened").first().waitFor();
    await page.getByRole("button", { name: `Active (${list.active})` }).click();
    await page.getByRole("article", { name: mutedTitle, exact: true }).waitFor();
    await page.getByRole("article", { name: resolvedTitle, exact: true }).waitFor();
    await expect.poll(() => summaryCounts(page)).toEqual(dashboard);

    // Back on the dashboard, the card says the same again.
    await page.goto(browser.url("/dashboard"));
    await waitForPath(page, "/dashboard");
    await card.locator("dt", { hasText: /^Critical$/ }).waitFor();
    expect(await countIn(card, "Critical")).toBe(dashboard.critical);
    expect(await countIn(card, "Warnings")).toBe(dashboard.warning);
  }, 480_000);
});

async function titleOf(article: Locator): Promise<string> {
  const title = await article.locator("h4").first().textContent();
  if (!title) throw new Error("an issue without a title");
  return title.trim();
}

async function severityOf(article: Locator): Promise<string> {
  return (
    (await article
      .getByText(/^(Critical|Warning|Info)$/)
      .first()
      .textContent()) ?? ""
  );
}

describe("the health report on a phone", () => {
  const browser = useBrowser({ width: 390, height: 844 });

  it("keeps the issue list and its filters within a 390 px screen", async () => {
    const { page } = browser;
    await signIn(browser);
    await demoPropertyId(browser);
    await page.goto(browser.url("/dashboard"));
    const reportLink = page.getByRole("link", { name: "View Full Report" }).first();
    await reportLink.click();
    await page.getByRole("button", { name: /^Active \(\d+\)$/ }).waitFor();
    await page.getByRole("article").first().waitFor();
    await page.getByRole("checkbox", { name: "Group by check" }).check();
    await page.getByRole("article").first().waitFor();

    const widest = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widest.page).toBeLessThanOrEqual(widest.screen);
  }, 480_000);
});
