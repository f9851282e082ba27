import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Browser, openBrowser, uniqueEmail } from "../support/browser.ts";
import { collectPageErrors, waitForPath } from "../support/expect-page.ts";
import { signIn, signUpAndSkipOnboarding } from "../support/journeys.ts";

/**
 * Issue 8: a system administrator opens the Admin Panel, reads the figures and moves another
 * user to the Team plan with 5 properties, complimentary as no Dodo subscription bills it (issue
 * 23); a user who is not an admin is sent to /dashboard.
 */
describe("the admin console", () => {
  let admin: Browser;
  let user: Browser;
  let pageErrors: string[][];
  beforeEach(async () => {
    admin = await openBrowser();
    user = await openBrowser();
    pageErrors = [collectPageErrors(admin.page), collectPageErrors(user.page)];
  });
  afterEach(async () => {
    await Promise.all([admin.close(), user.close()]);
    expect(pageErrors.flat()).toEqual([]);
  });

  it("shows the figures, edits a user's plan, and keeps non-admins out", async () => {
    // Someone signs up and skips onboarding: a plain user on the Free plan.
    const email = uniqueEmail("customer");
    const mate = user.page;
    await signUpAndSkipOnboarding(user, {
      fullName: "Cora Customer",
      email,
      password: "a-good-password",
    });

    // Not an admin: no Admin Panel link, and /admin leads back to the dashboard.
    expect(await mate.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);
    await mate.goto(user.url("/admin"));
    await waitForPath(mate, "/dashboard");
    const refused = await mate.evaluate(async () => (await fetch("/api/admin/users")).status);
    expect(refused).toBe(403);

    // The admin signs in and opens the console from the sidebar.
    const { page } = admin;
    await signIn(admin);
    await page.getByRole("link", { name: "Admin Panel" }).click();
    await waitForPath(page, "/admin");
    await page.getByRole("heading", { name: "Admin Panel" }).first().waitFor();
    await page.getByText("System administration and management").first().waitFor();

    // Overview: the figures are the server's.
    const stats = await page.evaluate(async () => (await fetch("/api/admin/stats")).json());
    expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
    const totalUsers = page.getByRole("region", { name: "Total Users" });
    await totalUsers.getByText(stats.totalUsers.toLocaleString("en-US"), { exact: true }).waitFor();
    await totalUsers.getByText(`Free: ${stats.usersByTier.free}`).waitFor();
    await page.getByRole("region", { name: "Workspaces" }).waitFor();
    await page.getByRole("region", { name: "Scan Error Rate (7 days)" }).waitFor();
    await page.getByRole("heading", { name: "Top Issue Types" }).waitFor();
    await page.getByRole("heading", { name: "Recent Scans" }).waitFor();

    // Users: Cora moves to Team with 5 properties.
    await page.getByRole("tab", { name: "Users" }).click();
    await page.waitForURL((url) => url.search === "?tab=users");
    const row = page.getByRole("row").filter({ hasText: email });
    // Free and paid by no one: the Plan and Billing columns both say Free.
    await row.getByText("Free", { exact: true }).nth(1).waitFor();
    await row.getByRole("button", { name: "Edit subscription of Cora Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Subscription" });
    await dialog.getByRole("combobox", { name: "Plan" }).click();
    await page.getByRole("option", { name: "Team" }).click();
    // No Dodo subscription: the console says the plan will be complimentary (issue 23).
    await dialog.getByText(/the plan is complimentary/).waitFor();
    await dialog.getByLabel("Analytics property limit").fill("5");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Subscription updated successfully").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await row.getByText("Team", { exact: true }).waitFor();
    await row.getByText("0 / 5", { exact: true }).waitFor();
    await row.getByText(/^Complimentary since /).waitFor();

    // Cora's own account reads the new plan.
    const me = await mate.evaluate(async () => (await fetch("/api/me")).json());
    expect(me.subscription).toMatchObject({ tier: "advanced", dataSourceLimit: 5 });

    // Workspaces and System tabs list what the server holds.
    await page.getByRole("tab", { name: "Workspaces" }).click();
    await page.getByRole("list", { name: "Members of Demo Workspace" }).first().waitFor();
    await page.getByRole("tab", { name: "System" }).click();
    await page.getByRole("heading", { name: "Recent Activity" }).waitFor();
    await page
      .getByText(/^Last updated \d/)
      .first()
      .waitFor();
  }, 120_000);
});
