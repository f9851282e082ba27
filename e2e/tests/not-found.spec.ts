import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";

describe("an unknown address", () => {
  const browser = useBrowser();

  it("shows the 404 page with a way home", async () => {
    const { page } = browser;
    const response = await page.goto(browser.url("/no/such/page"));
    expect(response?.status()).toBe(200);
    await page.getByText("Oops! Page not found").waitFor();
    expect(await page.getByText("404", { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await waitForPath(page, "/");
    // The landing page also loads straight from the server.
    const landing = await page.reload();
    expect(landing?.status()).toBe(200);
    await page.getByRole("link", { name: "Start Free" }).first().waitFor();
  });
});
