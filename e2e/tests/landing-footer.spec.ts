import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";

/** Whether the element is on screen, below the sticky header rather than under it. */
async function isInView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    const header = document.querySelector("header");
    if (!element || !header) return false;
    const box = element.getBoundingClientRect();
    return box.top >= header.getBoundingClientRect().bottom && box.bottom <= window.innerHeight;
  }, selector);
}

async function waitUntil(check: () => Promise<boolean>, timeout = 5_000) {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 22, the landing page's visual pass: the hero shows an example report, and the footer
 * on every public page leads to the landing page's sections, the docs and the legal pages.
 */
describe("the landing page's hero and the public footer", () => {
  const browser = useBrowser();

  it("shows an example report in the hero and moves between pages and sections from the footer", async () => {
    const { page } = browser;

    await page.goto(browser.url("/"));
    const preview = page.getByRole("img", { name: /^Example health report/ });
    await preview.waitFor();
    // On a laptop screen the preview is a large, legible picture, inside the page.
    const box = await preview.boundingBox();
    expect(box?.width).toBeGreaterThan(900);
    expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    expect(await preview.getByText("Example data").isVisible()).toBe(true);

    // From a docs page, the footer's Pricing opens the landing page at its pricing section.
    await page.goto(browser.url("/docs"));
    await page.getByRole("heading", { level: 1, name: "Documentation" }).waitFor();
    const footer = page.getByRole("contentinfo");
    await footer
      .getByRole("navigation", { name: "Product" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await waitForPath(page, "/");
    expect(new URL(page.url()).hash).toBe("#pricing");
    await waitUntil(() => isInView(page, "#pricing h2"));

    // The legal group reaches the privacy policy's cookies section, the footer's own page.
    await footer
      .getByRole("navigation", { name: "Legal" })
      .getByRole("link", { name: "Cookies" })
      .click();
    await waitForPath(page, "/privacy");
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    await waitUntil(() => isInView(page, "#cookies"));

    // Support is one click away, and the copyright is this year's.
    const support = footer.getByRole("link", { name: "support@utmost.app" });
    expect(await support.getAttribute("href")).toBe("mailto:support@utmost.app");
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Utmost`);
  });
});
