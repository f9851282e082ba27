import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { signIn } from "../support/journeys.ts";
import { furnishDemoWorkspace } from "../support/pages.ts";

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error("an element to compare is not on the page");
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

describe("the app on a phone", () => {
  const browser = useBrowser({ width: 390, height: 844 });

  it("signs in with the demo login and moves around through the slide-in menu", async () => {
    const { page } = browser;
    await page.goto(browser.url("/auth?mode=signin"));
    await page.getByLabel("Email").fill("demo@utmost.local");
    await page.getByLabel("Password").fill("utmost-demo");
    await page.getByRole("button", { name: "Sign In" }).click();
    await waitForPath(page, "/dashboard");

    const menu = page.getByRole("dialog");
    expect(await menu.count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(box?.width).toBeCloseTo(18 * 16, -1);

    await menu.getByRole("link", { name: "Settings", exact: true }).click();
    await waitForPath(page, "/settings");
    await menu.waitFor({ state: "detached" });
    await page.getByText("Contact support to change your email address").waitFor();
  });

  it("reaches Features, Pricing, Docs and Sign in through the public header's menu", async () => {
    const { page } = browser;
    await page.goto(browser.url("/"));
    const button = page.getByRole("banner").getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Site menu" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.count()).toBe(0);
    // The wide header's links are not on a phone's screen.
    expect(await page.getByRole("navigation", { name: "Site" }).isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("link").allTextContents()).toEqual([
      "Features",
      "Pricing",
      "Docs",
      "Sign In",
    ]);
    await menu.getByRole("link", { name: "Pricing" }).click();
    await menu.waitFor({ state: "detached" });
    expect(new URL(page.url()).hash).toBe("#pricing");
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    // Escape closes it and leaves the focus on its button.
    await button.click();
    await menu.waitFor();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await button.click();
    await menu.getByRole("link", { name: "Sign In" }).click();
    await waitForPath(page, "/auth");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
  });

  it("shows a toast clear of the row whose action it answers", async () => {
    const { page } = browser;
    await signIn(browser);
    await furnishDemoWorkspace(browser);
    await page.goto(browser.url("/alert-settings"));
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("switch") })
      .first();
    await row.getByRole("button", { name: "Delete" }).waitFor();
    const controls = [row.getByRole("switch"), ...(await row.getByRole("button").all())];
    expect(controls.length).toBe(5);
    // The row's actions at the bottom edge of the screen, where a long list puts some of them:
    // the screen is made as short as that.
    const actions = await row.getByRole("button", { name: "Delete" }).boundingBox();
    if (!actions) throw new Error("the row has no Delete button on screen");
    await page.setViewportSize({ width: 390, height: Math.ceil(actions.y + actions.height + 8) });

    await row.getByRole("switch").click();
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Alert rule updated successfully" });
    await toast.waitFor();
    // Toasts enter with a short slide: measure where they come to rest.
    await page.waitForTimeout(600);
    for (const control of controls) expect(await overlaps(toast, control)).toBe(false);

    // As it was.
    await toast.getByRole("button", { name: /close/i }).click();
    await row.getByRole("switch").click();
    await page.getByText("Alert rule updated successfully").first().waitFor();
  });
});
