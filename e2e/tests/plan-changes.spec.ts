import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { type Browser, uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import {
  buyPlanAtCheckout,
  connectDemoProperty,
  signUpAndSkipOnboarding,
} from "../support/journeys.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The embedded Dodo stand-in's test-mode control (demo mode only). */
async function dodoControl(browser: Browser, path: string, data?: object) {
  const response = await browser.page.request.post(
    browser.url(`/dodo-emulator/__emulator${path}`),
    data ? { data } : {},
  );
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The stand-in's subscription for the customer with this email. */
async function subscriptionOf(browser: Browser, email: string): Promise<string> {
  const response = await browser.page.request.get(
    browser.url("/dodo-emulator/__emulator/subscriptions"),
  );
  const { items } = (await response.json()) as {
    items: { subscription_id: string; customer: { email: string } }[];
  };
  const found = items.find((item) => item.customer.email === email.toLowerCase());
  if (!found) throw new Error(`no subscription for ${email}`);
  return found.subscription_id;
}

/** Sets the number of add-on properties on the billing page, through its confirmation. */
async function setAddOns(page: Page, count: number) {
  await page.getByRole("spinbutton", { name: "Add-on properties" }).fill(String(count));
  await page.getByRole("button", { name: "Update add-on properties" }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: "Update add-on properties" })
    .click();
  await page.getByRole("alertdialog").waitFor({ state: "detached" });
}

/** The property's row on the Analytics Properties page. */
function propertyRow(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * Issue 23, what the pricing page sells: add-on properties bought and removed, plan changes
 * up and down in one step, and the 7 days a failed renewal keeps the paid plan.
 */
describe("plan changes", () => {
  const browser = useBrowser();
  afterEach(async () => {
    // The stand-in's clock is shared by every journey: back on the host's.
    await dodoControl(browser, "/clock", { now: null }).catch(() => undefined);
  });

  it("buys two add-on properties, connects them, and removing one pauses the newest", async () => {
    const { page } = browser;
    await signUpAndSkipOnboarding(browser, {
      fullName: "Ada Addons",
      email: uniqueEmail("add-ons"),
      password: "a-good-password",
    });
    await buyPlanAtCheckout(browser, "Pro");
    const sidebar = page.getByTestId("sidebar");

    await page.goto(browser.url("/settings/billing"));
    await setAddOns(page, 2);
    await page.getByText("2 add-on properties × $10/month", { exact: false }).waitFor();
    await sidebar.getByText("0 / 3 Analytics Properties").waitFor();

    const properties = ["Northwind Outfitters - GA4", "Larkspur Home", "Northwind Outfitters UK"];
    for (const name of properties) {
      await connectDemoProperty(browser, new RegExp(name));
    }
    await sidebar.getByText("3 / 3 Analytics Properties").waitFor();

    // One add-on fewer: the newest property pauses, the others stay.
    await page.goto(browser.url("/settings/billing"));
    await setAddOns(page, 1);
    await page.getByText("1 add-on property × $10/month", { exact: false }).waitFor();
    await page.goto(browser.url("/data-sources"));
    await propertyRow(page, "Northwind Outfitters UK")
      .getByText("Inactive: over plan limit")
      .waitFor();
    for (const name of properties.slice(0, 2)) {
      await propertyRow(page, name).getByText("Active", { exact: true }).waitFor();
    }
  }, 240_000);

  it("switches Pro to Team and back to Pro, one step each", async () => {
    const { page } = browser;
    await signUpAndSkipOnboarding(browser, {
      fullName: "Sam Switcher",
      email: uniqueEmail("switch"),
      password: "a-good-password",
    });
    await buyPlanAtCheckout(browser, "Pro");
    const sidebar = page.getByTestId("sidebar");
    await page.goto(browser.url("/settings/billing"));
    for (const [plan, price, limit] of [
      ["Team", "$49.00", 5],
      ["Pro", "$15.00", 1],
    ] as const) {
      await page.getByRole("button", { name: `Switch to ${plan}` }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: `Switch to ${plan}` })
        .click();
      await page.getByText(`You are now on the ${plan} plan.`).first().waitFor();
      await page.getByText(`${plan} · ${price} per month`).waitFor();
      await sidebar.getByText(`${plan} Plan`).waitFor();
      await sidebar.getByText(`0 / ${limit} Analytics Properties`).waitFor();
    }
  }, 120_000);

  it("keeps daily scans for 7 days after a failed renewal, then moves to Free", async () => {
    const { page } = browser;
    const sidebar = page.getByTestId("sidebar");
    // On the stand-in's clock, Team bought `daysAgo` days ago and its renewal failed an hour on.
    const failedRenewal = async (daysAgo: number, name: string) => {
      const email = uniqueEmail(name.toLowerCase().replaceAll(" ", "-"));
      await signUpAndSkipOnboarding(browser, {
        fullName: name,
        email,
        password: "a-good-password",
      });
      const boughtAt = Date.now() - daysAgo * DAY_MS;
      await dodoControl(browser, "/clock", { now: new Date(boughtAt).toISOString() });
      await buyPlanAtCheckout(browser, "Team");
      await dodoControl(browser, "/clock", {
        now: new Date(boughtAt + 60 * 60 * 1000).toISOString(),
      });
      await dodoControl(
        browser,
        `/subscriptions/${await subscriptionOf(browser, email)}/fail-renewal`,
      );
      await dodoControl(browser, "/clock", { now: null });
      await connectDemoProperty(browser, /Northwind Outfitters - GA4/);
      await page.getByRole("link", { name: "View Full Report" }).first().click();
      await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
    };

    // Six days on: still Team, daily scans, and the report says when the plan ends.
    await failedRenewal(6, "Gus Grace");
    await page.getByText("Your payment failed on", { exact: false }).first().waitFor();
    await page.getByText("Your Team plan ends on", { exact: false }).first().waitFor();
    const cadence = page.getByRole("combobox", { name: "Automated scans" });
    await cadence.waitFor();
    expect((await cadence.textContent())?.trim()).toBe("Daily");
    await sidebar.getByText("Team Plan").waitFor();
    await page.goto(browser.url("/settings/billing"));
    await page.getByRole("button", { name: "Update payment method" }).waitFor();

    // Eight days on: Free, monthly scans, and the plans to buy again.
    // The next account in the same browser: signed out, nothing of the first one kept.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await failedRenewal(8, "Lou Lapsed");
    await page.getByText("Monthly", { exact: true }).waitFor();
    expect(await page.getByRole("combobox", { name: "Automated scans" }).count()).toBe(0);
    await sidebar.getByText("Free Plan").waitFor();
    await page.goto(browser.url("/settings/billing"));
    await page.getByRole("button", { name: "Upgrade to Team" }).waitFor();
    await waitForPath(page, "/settings/billing");
  }, 240_000);
});
