import { readFile } from "node:fs/promises";
import { checks } from "@utmost/engine";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { finishFirstAudit, signIn, verifyEmailFromOutbox } from "../support/journeys.ts";

/** A scan of the demo property takes a few seconds; the whole journey runs two. */
const SCAN_TIMEOUT = 90_000;

/**
 * The product's main job, end to end on the embedded default: a newcomer connects a demo GA4
 * property through the Google stand-in's consent page, audits it, reads and acts on the report;
 * CSV exports are the paid plans' (spec §9), so the newcomer on Free is pointed to billing, and
 * the demo login, on Agency, downloads one.
 */
describe("auditing a property", () => {
  const browser = useBrowser();

  it(
    "connects, audits, reads a guide, mutes, resolves, finds exports on paid plans and re-runs",
    async () => {
      const { page } = browser;

      // A newcomer starts on onboarding.
      await page.goto(browser.url("/auth"));
      const email = uniqueEmail("auditor");
      await page.getByLabel("Full name").fill("Jo Auditor");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("a-good-password");
      await page.getByRole("button", { name: "Create Account" }).click();
      await verifyEmailFromOutbox(browser, email);
      await waitForPath(page, "/onboarding");

      // Next with nothing connected stays on Welcome and says why.
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Please connect at least one Analytics Property to continue").waitFor();
      expect(await page.getByText("Step 2 of 3").count()).toBe(0);

      // Connect a property: Google's consent page, then the property picker.
      await page.getByRole("button", { name: "Authorize Google Analytics" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
      await page.getByLabel("alex.morgan@gmail.com").check();
      await page.getByRole("button", { name: "Allow" }).click();
      await waitForPath(page, "/connect-data-source");
      await page.getByLabel(/Larkspur Home/).check();
      await page.getByRole("button", { name: "Save Analytics Property" }).click();

      // Back in onboarding, the first audit runs to completion.
      await waitForPath(page, "/onboarding");
      await finishFirstAudit(page, SCAN_TIMEOUT);
      // The audit has finished: nothing is left to skip, Continue goes on.
      expect(await page.getByRole("button", { name: "Skip" }).count()).toBe(0);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Go to Dashboard" }).click();
      await waitForPath(page, "/dashboard");

      // The report: score, grade and issues.
      await page.getByRole("link", { name: "View Full Report" }).first().click();
      await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
      await page.getByRole("heading", { name: "Larkspur Home" }).first().waitFor();
      const issues = page.getByRole("article");
      await issues.first().waitFor();
      expect(await issues.count()).toBeGreaterThan(2);
      // Every check's outcome is accounted for, each of the engine's (packages/engine/src/checks).
      await page
        .getByText(new RegExp(`^${checks.length} checks: \\d+ passed, \\d+ failed, \\d+ skipped$`))
        .waitFor();

      // A guide opens.
      const first = issues.nth(0);
      await first.getByRole("button", { name: "Show Resolution Guide" }).click();
      await first.getByRole("button", { name: "Hide Details" }).waitFor();

      // Mute one issue with a reason: it leaves the report.
      const mutedTitle = await titleOf(first);
      await first.getByRole("button", { name: "Mute" }).click();
      const dialog = page.getByRole("dialog");
      expect(await dialog.getByRole("button", { name: "Mute Issue" }).isDisabled()).toBe(true);
      await dialog.getByLabel("Reason").fill("Known: the partner newsletter is fixed next week");
      await dialog.getByRole("button", { name: "Mute Issue" }).click();
      await page.getByText("Issue muted").first().waitFor();
      await page
        .getByRole("article", { name: mutedTitle, exact: true })
        .waitFor({ state: "detached" });

      // Resolve another.
      const resolved = issues.nth(0);
      const resolvedTitle = await titleOf(resolved);
      await resolved.getByRole("button", { name: "Resolve" }).click();
      await page.getByText("Issue resolved").first().waitFor();
      // It leaves the active issues; the Status filter lists it as resolved.
      const resolvedCard = page.getByRole("article", { name: resolvedTitle, exact: true });
      await resolvedCard.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Resolved (1)" }).click();
      await resolvedCard.getByText("Resolved", { exact: true }).waitFor();
      await page.getByRole("button", { name: /^Active \(\d+\)$/ }).click();

      // Free has no CSV exports: the button is off and the notice leads to billing.
      await page.getByText("CSV exports are part of the Pro plan and above.").waitFor();
      expect(await page.getByRole("button", { name: "Export CSV", exact: true }).isDisabled()).toBe(
        true,
      );
      // (The PDF report card has its own notice: every one leads to billing.)
      const upgrades = await page
        .getByRole("link", { name: "Upgrade your plan", exact: true })
        .all();
      expect(upgrades.length).toBeGreaterThan(0);
      for (const upgrade of upgrades) {
        expect(await upgrade.getAttribute("href")).toBe("/settings/billing");
      }

      // Re-run: the muted issue stays out of the active list, the resolved one is found again,
      // active and re-opened.
      await page.mouse.move(0, 0);
      await page.getByRole("button", { name: "Run New Audit" }).click();
      await page.getByRole("button", { name: "Running Audit..." }).waitFor();
      await page.getByRole("button", { name: "Run New Audit" }).waitFor({ timeout: SCAN_TIMEOUT });
      await page.getByText("Audit completed!").first().waitFor();
      const again = page.getByRole("article", { name: resolvedTitle, exact: true });
      await again.getByText("Active", { exact: true }).waitFor();
      // Counted again, and marked as having come back.
      await again.getByText("Re-opened", { exact: true }).waitFor();
      expect(await page.getByRole("article", { name: mutedTitle, exact: true }).count()).toBe(0);
    },
    SCAN_TIMEOUT * 3,
  );
});

describe("exporting a report", () => {
  const browser = useBrowser();

  it("downloads the audit as CSV on a plan with exports", async () => {
    const { page } = browser;
    await signIn(browser);

    await page.getByRole("link", { name: "View Full Report" }).first().click();
    await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
    const first = page.getByRole("article").first();
    await first.waitFor();
    const title = await titleOf(first);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path()) as string, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split(/\r\n/);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[0]).toMatch(/severity/i);
    expect(csv).toContain(title.replaceAll('"', '""'));
  });
});

async function titleOf(article: ReturnType<Page["getByRole"]>): Promise<string> {
  const title = await article.locator("h4").first().textContent();
  if (!title) throw new Error("an issue without a title");
  return title.trim();
}
