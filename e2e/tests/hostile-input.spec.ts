import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { signUpAndSkipOnboarding } from "../support/journeys.ts";

/**
 * Issue 11, hostile input in the browser: markup typed into a name or a UTM value comes back
 * as text wherever it is shown (the header, the workspace switcher, the link builder's messages
 * and history), never as elements. The CSP would stop inline scripts anyway; this proves the
 * markup itself is never parsed.
 */
describe("hostile input", () => {
  const browser = useBrowser();

  it("shows markup in a name and in UTM values as text", async () => {
    const { page } = browser;
    // No space: the personal workspace is named after the first word of the name.
    const name = "<marquee>Eve</marquee>";
    await signUpAndSkipOnboarding(browser, {
      fullName: name,
      email: `eve-${Date.now()}@example.com`,
      password: "correct-horse",
    });

    await page.getByText(`${name}'s Workspace`, { exact: true }).first().waitFor();
    expect(await page.locator("marquee").count()).toBe(0);

    await page.getByRole("link", { name: "Link Builder" }).click();
    await page.getByRole("heading", { name: "UTM Link Builder" }).waitFor();
    const source = '<img data-xss="source" src="x">';
    const campaign = `<svg data-xss="campaign"></svg>_${Date.now()}`;
    await page.getByLabel("Website URL").fill("https://www.example.com/pricing");
    await page.getByLabel("Campaign source").fill(source);
    await page.getByLabel("Campaign medium").fill("email");
    await page.getByLabel("Campaign name").fill(campaign);
    // The built link carries the values percent-encoded.
    await page.getByTestId("built-url").getByText("utm_source=%3Cimg", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Save to history" }).click();
    await page.getByText("Link saved to history").waitFor();
    const row = page.getByRole("row", { name: campaign });
    await row.waitFor();
    expect(await row.textContent()).toContain(campaign);
    expect(await page.locator("[data-xss], marquee").count()).toBe(0);

    // After a reload, from the server's copy.
    await page.reload();
    await page.getByRole("row", { name: campaign }).waitFor();
    expect(await page.locator("[data-xss], marquee").count()).toBe(0);
  });
});
