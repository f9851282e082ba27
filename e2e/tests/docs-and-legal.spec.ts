import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";

/** Whether the element's top edge is inside the viewport and below the sticky site header. */
async function headingInView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((targetId) => {
    const heading = document.getElementById(targetId)?.querySelector("h2");
    if (!heading) return false;
    const header = document.querySelector("header");
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0;
    const { top } = heading.getBoundingClientRect();
    return top >= headerBottom - 1 && top < window.innerHeight;
  }, id);
}

/** What the test reads of `GET /api/docs/checks` (the contract is DocsCheckListResponseSchema). */
interface DocsChecks {
  checks: {
    id: string;
    title: string;
    guide: { whyItMatters: string; ga4DocumentationUrl: string };
  }[];
}

/**
 * Waits for the check's page (its title as the heading, its guide) and answers the href of its
 * link to Google's documentation, in one round trip to the browser.
 */
async function checkPageGa4Link(page: Page, check: DocsChecks["checks"][number]) {
  const handle = await page.waitForFunction(
    ({ title, whyItMatters }) => {
      const h1 = document.querySelector("main h1");
      if (h1?.textContent !== title || !document.body.textContent?.includes(whyItMatters)) {
        return null;
      }
      const link = Array.from(document.querySelectorAll("main a")).find((a) =>
        a.textContent?.includes("GA4 documentation"),
      );
      return link?.getAttribute("href") ?? null;
    },
    { title: check.title, whyItMatters: check.guide.whyItMatters },
  );
  return handle.jsonValue();
}

async function expectCheckPage(page: Page, check: DocsChecks["checks"][number]) {
  const href = await checkPageGa4Link(page, check);
  expect({ check: check.id, href }).toEqual({
    check: check.id,
    href: check.guide.ga4DocumentationUrl,
  });
  expect(href).toMatch(/^https:\/\//);
}

describe("the public docs and legal pages", () => {
  const browser = useBrowser();

  it("lists every check the engine runs, and each check's page opens with its guide", async () => {
    const { page } = browser;
    const response = await fetch(browser.url("/api/docs/checks"));
    expect(response.status).toBe(200);
    const { checks } = (await response.json()) as DocsChecks;
    expect(checks.length).toBeGreaterThan(0);

    await page.goto(browser.url("/docs"));
    await page.getByRole("heading", { level: 1, name: "Documentation" }).waitFor();
    const list = page.getByRole("list", { name: "Checks" });
    await list.waitFor();
    expect(await list.getByRole("listitem").count()).toBe(checks.length);
    expect(
      await list.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    ).toEqual(checks.map((check) => `/docs/checks/${check.id}`));

    // Each page through its link on the index (in-app navigation, the way people browse) ...
    for (const check of checks) {
      await list.locator(`a[href="/docs/checks/${check.id}"]`).click();
      await expectCheckPage(page, check);
      expect(new URL(page.url()).pathname).toBe(`/docs/checks/${check.id}`);
      await page.goBack();
    }
    // ... and one loaded straight from the server.
    const last = checks.at(-1);
    if (!last) throw new Error("no checks");
    const direct = await page.goto(browser.url(`/docs/checks/${last.id}`));
    expect(direct?.status()).toBe(200);
    await expectCheckPage(page, last);

    await page.goto(browser.url("/docs/score"));
    await page.getByRole("heading", { level: 1, name: "Health score and grade" }).waitFor();
    await page.goto(browser.url("/docs/connect"));
    await page.getByRole("heading", { level: 1, name: "Connect Google Analytics" }).waitFor();
    // Forty-odd pages in one journey, on a shared two-core machine.
  }, 300_000);

  for (const { path, title, target } of [
    { path: "/privacy", title: "Privacy Policy", target: "cookies" },
    { path: "/terms", title: "Terms of Service", target: "governing-law" },
    { path: "/gdpr", title: "GDPR Compliance", target: "policy-updates" },
  ]) {
    it(`${path}: the table of contents scrolls to its sections`, async () => {
      const { page } = browser;
      await page.goto(browser.url(path));
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await page.getByText("Last Updated: November 1, 2025").waitFor();
      expect(await headingInView(page, target)).toBe(false);

      const toc = page.getByRole("navigation", { name: "Table of Contents" });
      await toc.locator(`a[href="#${target}"]`).click();
      await page.waitForURL((url) => url.pathname === path && url.hash === `#${target}`);
      await page.waitForFunction((id) => {
        const heading = document.getElementById(id)?.querySelector("h2");
        const top = heading?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < window.innerHeight;
      }, target);
      expect(await headingInView(page, target)).toBe(true);
    });
  }

  it("/gdpr links to the other legal pages and the cookies section", async () => {
    const { page } = browser;
    await page.goto(browser.url("/gdpr"));
    await page.getByRole("heading", { level: 2, name: "16. Updates to This Policy" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Contact Us About GDPR" }).waitFor();
    await page.getByRole("link", { name: "Cookies section of our Privacy Policy" }).click();
    await waitForPath(page, "/privacy");
    await page.waitForURL((url) => url.hash === "#cookies");
    await page.waitForFunction(() => {
      const top = document.getElementById("cookies")?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight;
    });
  });
});
