import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { signIn } from "../support/journeys.ts";

/**
 * Naming conventions and the link builder (ADR 012): an admin sets a fixed list of mediums in
 * Settings, then builds a link; a medium outside the list is refused before it can be saved, the
 * fixed link lands in the history with its predicted GA4 channel.
 */
describe("link builder", () => {
  const browser = useBrowser();

  it("a link outside the workspace's conventions cannot be saved; a fixed one can", async () => {
    const { page } = browser;
    await signIn(browser);
    await page.goto(browser.url("/settings/workspace"));
    const card = page.locator("form", {
      has: page.getByRole("button", { name: "Save conventions" }),
    });
    await card.getByRole("button", { name: "Fixed medium list" }).click();
    expect(await card.getByLabel("Allowed utm_medium values").inputValue()).toContain("cpc");
    await card.getByRole("button", { name: "Save conventions" }).click();
    await page.getByText("Naming conventions saved").waitFor();

    try {
      await page.getByRole("link", { name: "Link Builder" }).click();
      await page.getByRole("heading", { name: "UTM Link Builder" }).waitFor();
      const campaign = `spring_sale_${Date.now()}`;
      // An address typed as people type it gains https:// rather than being refused.
      await page.getByLabel("Website URL").fill("www.example.com/pricing");
      await page.getByLabel("Campaign source").fill("google");
      expect(await page.getByLabel("Website URL").inputValue()).toBe(
        "https://www.example.com/pricing",
      );
      await page.getByLabel("Campaign medium").fill("cpc");
      await page.getByLabel("Campaign name").fill(campaign);
      await page.getByText("Predicted channel: Paid Search").waitFor();
      const save = page.getByRole("button", { name: "Save to history" });
      expect(await save.isEnabled()).toBe(true);

      await page.getByLabel("Campaign medium").fill("Paid-Search");
      await page.getByText(/utm_medium 'Paid-Search' is not one of 'cpc', 'email'/).waitFor();
      expect(await save.isDisabled()).toBe(true);

      await page.getByLabel("Campaign medium").fill("cpc");
      await page.getByText(/is not one of/).waitFor({ state: "detached" });
      const url = await page.getByTestId("built-url").textContent();
      expect(url).toBe(
        `https://www.example.com/pricing?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}`,
      );
      await save.click();
      await page.getByText("Link saved to history").waitFor();
      const row = page.getByRole("row", { name: new RegExp(campaign) });
      await row.getByText("Paid Search").waitFor();

      await row.getByRole("button", { name: `Delete ${campaign} link` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete link" }).click();
      await row.waitFor({ state: "detached" });
    } finally {
      // The demo workspace is shared with other journeys: leave it without conventions.
      const status = await page.evaluate(async () => {
        const { workspaces } = await (await fetch("/api/workspaces")).json();
        const results = await Promise.all(
          workspaces.map((workspace: { id: string }) =>
            fetch(`/api/workspaces/${workspace.id}/conventions`, {
              method: "PUT",
              headers: { "content-type": "application/json" },
              body: "{}",
            }).then((response) => response.status),
          ),
        );
        return results;
      });
      expect(status.every((code) => code === 200 || code === 403)).toBe(true);
    }
  });
});
