import { describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { buyPlanAtCheckout, signUpAndSkipOnboarding } from "../support/journeys.ts";

/**
 * Issue 8: a new account on Free upgrades to Pro through the provider's hosted checkout (the
 * embedded Dodo stand-in in test mode), comes back to the dashboard on the new plan, cancels in
 * the provider's portal, and buys Team, whose five properties show on the dashboard and in the
 * sidebar card.
 */
describe("upgrading a plan", () => {
  const browser = useBrowser();

  it("upgrades Free to Pro at checkout, cancels in the portal, then buys Team", async () => {
    const { page } = browser;
    const email = uniqueEmail("upgrade");

    await signUpAndSkipOnboarding(browser, {
      fullName: "Paula Payer",
      email,
      password: "a-good-password",
    });

    const sidebar = page.getByTestId("sidebar");
    await sidebar.getByText("Free Plan").waitFor();
    await sidebar.getByText("0 / 1 Analytics Properties").waitFor();

    // The sidebar card's Upgrade Plan opens billing, which offers the three paid plans.
    await sidebar.getByRole("link", { name: "Upgrade Plan" }).click();
    await waitForPath(page, "/settings/billing");
    await page.getByText("Test Mode Active").waitFor();
    await page.getByRole("button", { name: "Upgrade to Team" }).waitFor();
    await page.getByRole("button", { name: "Upgrade to Agency" }).waitFor();
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();

    // The provider's hosted checkout page, in test mode.
    await page.waitForURL((url) => url.pathname.startsWith("/dodo-emulator/checkout/"));
    await page.getByText("Test mode", { exact: false }).first().waitFor();
    await page.getByText(email).waitFor();
    await page.getByRole("button", { name: "Pay" }).click();

    await waitForPath(page, "/dashboard");
    await page.getByText("Subscription activated!").waitFor();
    await sidebar.getByText("Pro Plan").waitFor();
    await sidebar.getByText("0 / 1 Analytics Properties").waitFor();
    await page.getByText("0 of 1 used").waitFor();
    expect(await sidebar.getByRole("link", { name: "Upgrade Plan" }).count()).toBe(0);
    // The query flag is gone once the toast has shown.
    await page.waitForURL((url) => !url.searchParams.has("payment"));

    // Billing shows Pro, active, no upgrade cards, and the way to manage it.
    await page.goto(browser.url("/settings/billing"));
    await page.getByText("Pro Plan").first().waitFor();
    await page.getByText("active", { exact: true }).first().waitFor();
    expect(await page.getByRole("button", { name: /^Upgrade to / }).count()).toBe(0);
    await page.getByRole("button", { name: "Manage subscription" }).click();

    // In the provider's portal the plan is cancelled; the account is back on Free.
    await page.waitForURL((url) => url.pathname.startsWith("/dodo-emulator/portal/"));
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByText("cancelled", { exact: false }).first().waitFor();
    await page.getByRole("link", { name: "Return" }).click();
    await waitForPath(page, "/settings/billing");
    await page.getByRole("button", { name: "Upgrade to Team" }).click();

    await page.waitForURL((url) => url.pathname.startsWith("/dodo-emulator/checkout/"));
    await page.getByRole("button", { name: "Pay" }).click();
    await waitForPath(page, "/dashboard");
    await sidebar.getByText("Team Plan").waitFor();
    await sidebar.getByText("0 / 5 Analytics Properties").waitFor();
    await page.getByText("0 of 5 used").waitFor();
  });

  it("says a declined card failed, keeps Free, and leads back to the plans", async () => {
    const { page } = browser;
    await signUpAndSkipOnboarding(browser, {
      fullName: "Dana Declined",
      email: uniqueEmail("declined"),
      password: "a-good-password",
    });

    await page.goto(browser.url("/settings/billing"));
    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dodo-emulator/checkout/"));
    // The stand-in's "Fail" button declines the card.
    await page.getByRole("button", { name: "Fail" }).click();

    await waitForPath(page, "/dashboard");
    await page.getByText("Upgrade failed").waitFor();
    await page
      .getByText("The payment was declined and nothing was charged.", { exact: false })
      .waitFor();
    expect(await page.getByText("Subscription activated!").count()).toBe(0);
    const sidebar = page.getByTestId("sidebar");
    await sidebar.getByText("Free Plan").waitFor();
    await sidebar.getByRole("link", { name: "Upgrade Plan" }).waitFor();
    await page.waitForURL(
      (url) => !url.searchParams.has("payment") && !url.searchParams.has("status"),
    );

    // The toast's action goes back to the plans, which still offer the upgrade.
    await page.getByRole("button", { name: "Try again" }).click();
    await waitForPath(page, "/settings/billing");
    await page.getByRole("button", { name: "Upgrade to Pro" }).waitFor();
  });

  it("shows a paid plan's price, renewal, card and invoices, and changes plan in one step", async () => {
    const { page } = browser;
    await signUpAndSkipOnboarding(browser, {
      fullName: "Pat Paid",
      email: uniqueEmail("paid"),
      password: "a-good-password",
    });
    await buyPlanAtCheckout(browser, "Pro");

    await page.goto(browser.url("/settings/billing"));
    await page.getByText("Pro · $15.00 per month").waitFor();
    await page.getByText("Renews on").waitFor();
    await page.getByText("VISA ending in 4242").waitFor();
    const invoices = page.getByRole("table").getByRole("row");
    expect(await invoices.count()).toBe(2);
    await invoices.nth(1).getByText("Paid").waitFor();
    const invoiceLink = invoices.nth(1).getByRole("link", { name: /View invoice/ });
    expect(await invoiceLink.getAttribute("href")).toContain("/dodo-emulator/invoices/");

    await page.getByRole("button", { name: "Switch to Team" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("charged to VISA ending in 4242", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Switch to Team" }).click();
    await page.getByText("Subscription updated successfully").waitFor();
    await page.getByText("Team · $49.00 per month").waitFor();
    // The proration charge is the newest invoice; the plan's limits follow.
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 2);
    await page.getByTestId("sidebar").getByText("Team Plan").waitFor();
    await page.getByTestId("sidebar").getByText("0 / 5 Analytics Properties").waitFor();
  });
});
