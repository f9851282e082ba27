import type { Browser } from "./browser.ts";
import { waitForPath } from "./expect-page.ts";

/** The seeded demo login (embedded default): an administrator on Agency with a demo property. */
export const DEMO_LOGIN = { email: "demo@utmost.local", password: "utmost-demo" };

/** Signs in with email and password and waits for the dashboard. */
export async function signIn(
  browser: Browser,
  account: { email: string; password: string } = DEMO_LOGIN,
) {
  const { page } = browser;
  await page.goto(browser.url("/auth?mode=signin"));
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await waitForPath(page, "/dashboard");
}

/** Creates an account through the sign-up form, skips onboarding and waits for the dashboard. */
export async function signUpAndSkipOnboarding(
  browser: Browser,
  account: { fullName: string; email: string; password: string },
) {
  const { page } = browser;
  await page.goto(browser.url("/auth?mode=signup"));
  await page.getByLabel("Full name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await waitForPath(page, "/onboarding");
  await page.getByRole("button", { name: "Skip" }).click();
  await waitForPath(page, "/dashboard");
}
