import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { connectDemoProperty, signIn } from "../support/journeys.ts";

/** The connect flow's first audit takes a few seconds. */
const SCAN_TIMEOUT = 90_000;

/**
 * The Agency plan's multi-client dashboard: the demo login (Agency) opens a second client
 * workspace, connects a property there, and sees both workspaces' properties in one table it
 * can sort and filter.
 */
describe("the multi-client dashboard", () => {
  const browser = useBrowser();

  it(
    "lists every workspace's properties, sorts by score and filters by workspace",
    async () => {
      const { page } = browser;
      await signIn(browser);
      const clientName = `Client ${Date.now()}`;

      // A second workspace, selected on creation.
      await page.getByRole("button", { name: "Workspace: Demo Workspace" }).click();
      await page.getByRole("menuitem", { name: "Create workspace" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Workspace name").fill(clientName);
      await dialog.getByRole("button", { name: "Create Workspace" }).click();
      await page.getByText("Workspace created successfully").first().waitFor();

      // Connect a property to it through the Google stand-in.
      await connectDemoProperty(browser, /Northwind Outfitters - GA4/);

      // Both workspaces' properties in one table, each with its workspace.
      await page.getByRole("link", { name: "Clients", exact: true }).click();
      await waitForPath(page, "/clients");
      await page.getByRole("heading", { level: 1, name: "Client Overview" }).waitFor();
      const demoRow = rowOf(page, "Larkspur Home");
      const clientRow = rowOf(page, "Northwind Outfitters - GA4");
      await demoRow.getByRole("cell", { name: "Demo Workspace", exact: true }).waitFor();
      await clientRow.getByRole("cell", { name: clientName, exact: true }).waitFor();
      await waitForScore(page, clientRow);

      // Lowest score first; a click on Score puts the highest first.
      const score = page.getByRole("columnheader", { name: "Score" });
      expect(await score.getAttribute("aria-sort")).toBe("ascending");
      const ascending = await scores(page);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      await score.getByRole("button").click();
      expect(await score.getAttribute("aria-sort")).toBe("descending");
      const descending = await scores(page);
      expect(descending).toEqual([...ascending].sort((a, b) => b - a));
      expect(descending).not.toEqual(ascending);

      // Filtering by workspace leaves only that workspace's properties.
      await page.getByRole("combobox", { name: "Workspace" }).click();
      await page.getByRole("option", { name: clientName }).click();
      await rowOf(page, "Larkspur Home").waitFor({ state: "detached" });
      const workspaces = await page.getByRole("row").locator("td:nth-child(2)").allTextContents();
      expect(workspaces.length).toBeGreaterThan(0);
      expect(new Set(workspaces)).toEqual(new Set([clientName]));
      await clientRow.waitFor();
    },
    SCAN_TIMEOUT * 2,
  );
});

function rowOf(page: Page, property: string): Locator {
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: property, exact: true }) });
}

/** The connect flow's first audit may still run: reload until the property has a score. */
async function waitForScore(page: Page, row: Locator) {
  const deadline = Date.now() + SCAN_TIMEOUT;
  for (;;) {
    const text = (await row.locator("td:nth-child(3)").textContent()) ?? "";
    if (/\d/.test(text)) return;
    if (Date.now() > deadline) throw new Error(`no score after ${SCAN_TIMEOUT} ms: ${text}`);
    await page.waitForTimeout(2000);
    await page.reload();
    await row.waitFor();
  }
}

/** The Score column's numbers, top to bottom (unaudited rows have none). */
async function scores(page: Page): Promise<number[]> {
  const cells = await page.getByRole("row").locator("td:nth-child(3)").allTextContents();
  return cells.map((text) => Number.parseInt(text, 10)).filter((value) => !Number.isNaN(value));
}
