import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Browser, uniqueEmail, useBrowser } from "../support/browser.ts";
import { signUpAndSkipOnboarding } from "../support/journeys.ts";

const SITE_TITLE = "Utmost - UTM tracking audits for Google Analytics 4";

/** Console errors and failed responses (4xx/5xx) of a page, from now on. */
function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

async function waitForTitle(page: Page, title: string) {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });
}

async function meta(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).getAttribute("content");
}

async function fetchOk(browser: Browser, href: string, type: RegExp) {
  const response = await browser.page.request.get(new URL(href, browser.baseUrl).toString());
  expect(response.status(), href).toBe(200);
  expect(response.headers()["content-type"], href).toMatch(type);
  return response;
}

/**
 * Issue 22: the product has a face in a browser tab, on a phone's home screen and in a shared
 * link, every page names itself, and a signed-out visitor's pages ask nothing that answers 401.
 */
describe("the product's identity", () => {
  const browser = useBrowser();

  it("serves its icons and shows a link preview, with no 401 or console error for a visitor", async () => {
    const { page } = browser;
    const problems = watchProblems(page);
    await page.goto(browser.url("/"));
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
    await waitForTitle(page, SITE_TITLE);

    expect(await meta(page, 'meta[property="og:title"]')).toBe(SITE_TITLE);
    expect(await meta(page, 'meta[property="og:description"]')).toMatch(/UTM mistakes/);
    const image = await meta(page, 'meta[property="og:image"]');
    // Absolute, on this deployment's address (APP_URL): crawlers do not resolve a bare path.
    expect(image).toMatch(/^https?:\/\/[^/]+\/og-image\.png$/);
    expect(await meta(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(await meta(page, 'meta[name="twitter:image"]')).toBe(image);
    await fetchOk(browser, "/og-image.png", /image\/png/);

    const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
    expect(icon).toBe("/favicon.svg");
    await fetchOk(browser, "/favicon.svg", /image\/svg\+xml/);
    const ico = await fetchOk(browser, "/favicon.ico", /image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    await fetchOk(browser, touch ?? "", /image\/png/);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (
      await fetchOk(browser, manifestHref ?? "", /manifest\+json|json/)
    ).json();
    expect(manifest.name).toBe("Utmost");
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual([
      "192x192",
      "512x512",
    ]);
    for (const { src } of manifest.icons) await fetchOk(browser, src, /image\/png/);

    // Nothing failed: a signed-out visitor's page asks the API nothing (a page served with a
    // session cookie asks GET /api/session, which answers, never 401).
    expect(problems).toEqual([]);
  });

  it("titles every page after itself, public and signed in", async () => {
    const { page } = browser;
    const publicTitles: [string, string][] = [
      ["/auth?mode=signin", "Sign in | Utmost"],
      ["/privacy", "Privacy Policy | Utmost"],
      ["/terms", "Terms of Service | Utmost"],
      ["/docs", "Documentation | Utmost"],
      ["/docs/score", "The health score - Docs | Utmost"],
      ["/no/such/page", "Page not found | Utmost"],
    ];
    const problems = watchProblems(page);
    for (const [path, title] of publicTitles) {
      await page.goto(browser.url(path));
      await waitForTitle(page, title);
    }
    // A missing page answers 200 with the app, which shows its own 404: nothing failed above.
    expect(problems).toEqual([]);

    await signUpAndSkipOnboarding(browser, {
      fullName: "Tab Titles",
      email: uniqueEmail("titles"),
      password: "a-good-password",
    });
    await waitForTitle(page, "Dashboard | Utmost");
    const signedInTitles: [string, string][] = [
      ["/data-sources", "Analytics Properties | Utmost"],
      ["/settings/profile", "Profile Settings | Utmost"],
      ["/alert-settings", "Alert Settings | Utmost"],
    ];
    for (const [path, title] of signedInTitles) {
      await page.goto(browser.url(path));
      await waitForTitle(page, title);
    }
  });
});
