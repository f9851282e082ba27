import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { DEMO_LOGIN, signIn, signUpAndSkipOnboarding } from "../support/journeys.ts";

describe("account rights", () => {
  const browser = useBrowser();

  it("a user exports their data, deletes the account, and recovers it by signing in", async () => {
    const { page } = browser;
    const email = uniqueEmail("rights");
    const password = "a-good-password";

    await signUpAndSkipOnboarding(browser, {
      fullName: "Rhea Rights",
      email,
      password,
    });

    // Settings → Profile → Your data: the JSON export is a file about this user.
    await page.goto(browser.url("/settings/profile"));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export as JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^utmost-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path()) as string, "utf8"));
    expect(exported.user[0].email).toBe(email);
    expect(exported.user[0].fullName).toBe("Rhea Rights");

    // Delete account: a wrong password is refused, the right one signs out to the landing page.
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await dialog.getByLabel("Password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await dialog.getByText("The password is incorrect.").waitFor();
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await waitForPath(page, "/");
    await page.getByText("Account scheduled for deletion").waitFor();

    // Signing in again within 30 days offers recovery, and nothing else.
    await page.goto(browser.url("/auth?mode=signin"));
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page
      .getByRole("heading", { name: /^Your account is scheduled for deletion on .+\.$/ })
      .waitFor();
    const workspaces = await page.evaluate(async () => (await fetch("/api/workspaces")).status);
    expect(workspaces).toBe(403);

    await page.getByRole("button", { name: "Recover my account" }).click();
    await page.getByText("Account recovered").waitFor();
    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).first().waitFor();
  });

  it("the demo login's export holds its properties and their issues", async () => {
    const { page } = browser;
    await signIn(browser);
    // The demo property's report lists issues once its seeded scans are in.
    await page.getByRole("link", { name: "View Full Report" }).first().click();
    await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
    await page.getByRole("article").first().waitFor();

    await page.goto(browser.url("/settings/profile"));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export as JSON" }).click(),
    ]);
    const exported = JSON.parse(await readFile((await download.path()) as string, "utf8"));
    expect(exported.user[0].email).toBe(DEMO_LOGIN.email);
    expect(exported.properties.length).toBeGreaterThan(0);
    expect(exported.issues.length).toBeGreaterThan(0);
    const propertyIds = new Set(exported.properties.map((property: { id: string }) => property.id));
    for (const issue of exported.issues as { dataSourceId: string }[]) {
      expect(propertyIds.has(issue.dataSourceId)).toBe(true);
    }
    // Nothing secret leaves: no OAuth token fields on a property.
    expect(JSON.stringify(exported)).not.toMatch(/access_?token|refresh_?token/i);
  });
});
