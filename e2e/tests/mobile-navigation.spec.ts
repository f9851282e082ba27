import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";

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
});
