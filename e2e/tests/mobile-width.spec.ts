import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { signIn } from "../support/journeys.ts";
import {
  demoPropertyId,
  furnishDemoWorkspace,
  openPage,
  type PageVisit,
  SIGNED_IN_PAGES,
  SIGNED_OUT_PAGES,
} from "../support/pages.ts";

const PHONE = { width: 390, height: 844 };

/**
 * How far the page reaches past the screen's right edge and what sticks out (the deepest
 * elements past the edge, so a failure names the culprit rather than its wrappers); and the
 * controls of the main content that are out of sight sideways, inside a scrolling table, say,
 * where a thumb would have to find them (issue 22: score, status and actions off-screen); and
 * the chart labels drawn smaller than 11 px.
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 4).join(".");
      const label = element.getAttribute("aria-label") ?? element.textContent ?? "";
      const box = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""} [${Math.round(box.left)}, ${Math.round(box.right)}] "${label.trim().slice(0, 40)}"`;
    };
    const past = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    const deepest = past.filter(
      (element) => !past.some((other) => other !== element && element.contains(other)),
    );
    const controls = [
      ...document.querySelectorAll("main :is(a[href], button, input, select, textarea)"),
    ].filter((element) => {
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      return box.left < -0.5 || box.right > width + 0.5;
    });
    // A chart drawn for a laptop and shrunk to a phone shrinks its labels too.
    const tinyLabels = [...document.querySelectorAll("svg text")].flatMap((text) => {
      if (!(text instanceof SVGTextElement) || !text.textContent?.trim()) return [];
      const scale = text.getScreenCTM()?.a ?? 1;
      const size = Number.parseFloat(getComputedStyle(text).fontSize) * scale;
      return size < 11 ? [`"${text.textContent.trim()}" at ${size.toFixed(1)} px`] : [];
    });
    return {
      scrollWidth: document.documentElement.scrollWidth,
      culprits: deepest.slice(0, 5).map(describe),
      outOfSight: controls.slice(0, 5).map(describe),
      tinyLabels: tinyLabels.slice(0, 5),
    };
  });
}

async function widePages(
  browser: ReturnType<typeof useBrowser>,
  visits: readonly PageVisit[],
  property?: string,
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const visit of visits) {
    await openPage(browser, visit, property);
    const { scrollWidth, culprits, outOfSight, tinyLabels } = await overflow(browser.page);
    const problems = [
      ...(scrollWidth > PHONE.width ? [`scrollWidth ${scrollWidth}`, ...culprits] : []),
      ...outOfSight.map((control) => `out of sight: ${control}`),
      ...tinyLabels.map((label) => `label under 11 px: ${label}`),
    ];
    if (problems.length > 0) found[`${visit.name} (${visit.path})`] = problems;
  }
  return found;
}

/**
 * Issue 22: on a 390 px phone no page is wider than the screen, signed out or signed in, every
 * control of a page's content is on the screen, and a chart's labels are 11 px or more.
 */
describe("every page on a phone", () => {
  const browser = useBrowser(PHONE);

  it("signed out, no page is wider than the screen, no control out of sight", async () => {
    expect(await widePages(browser, SIGNED_OUT_PAGES)).toEqual({});
  });

  it("signed in, no page of the app is wider than the screen, no control out of sight", async () => {
    await signIn(browser);
    await furnishDemoWorkspace(browser);
    const property = await demoPropertyId(browser);
    expect(await widePages(browser, SIGNED_IN_PAGES, property)).toEqual({});
  }, 300_000);
});
