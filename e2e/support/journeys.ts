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

/**
 * The verification link of the newest sign-up mail to `email`, read from the local outbox (the
 * embedded demo keeps every mail there), on this browser's origin.
 */
export async function verificationLink(browser: Browser, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await browser.page.request.get(browser.url("/api/dev/outbox"));
    const { messages } = (await response.json()) as {
      messages: { to: string; subject: string; text: string; createdAt: string }[];
    };
    const newest = messages
      .filter(
        (mail) =>
          mail.to === email.toLowerCase() &&
          mail.subject === "Verify your email address for Utmost",
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    const link = newest?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
    if (link) {
      const url = new URL(link);
      return browser.url(url.pathname + url.search);
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * After the sign-up form: the page asks to check the inbox; the mailed link verifies the
 * address and signs the user in, landing back in the app (onboarding, or where sign-up came from).
 */
export async function verifyEmailFromOutbox(browser: Browser, email: string) {
  await browser.page.getByText("Check your inbox to verify", { exact: false }).waitFor();
  await browser.page.goto(await verificationLink(browser, email));
  await browser.page.getByText("Email address verified").waitFor();
}

/** Creates an account through the sign-up form, verifies it, skips onboarding, waits for the dashboard. */
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
  await verifyEmailFromOutbox(browser, account.email);
  await waitForPath(page, "/onboarding");
  await page.getByRole("button", { name: "Skip" }).click();
  await waitForPath(page, "/dashboard");
}

/**
 * Waits for onboarding's first audit to finish, pressing Start Audit when onboarding did not
 * start it on its own.
 */
export async function finishFirstAudit(page: Browser["page"], timeout: number) {
  const complete = page.getByText("Audit Complete!");
  const start = page.getByRole("button", { name: "Start Audit" });
  await Promise.race([complete.waitFor({ timeout }), start.waitFor({ timeout })]);
  if (await start.isVisible()) await start.click();
  await complete.waitFor({ timeout });
}

/**
 * A newcomer's onboarding: signs up, connects Google Analytics as Alex Morgan (who sees every
 * demo property), saves `property`, lets the first audit finish and goes to the dashboard.
 */
export async function signUpConnectAndAudit(
  browser: Browser,
  account: { fullName: string; email: string; property: RegExp; timeout: number },
) {
  const { page } = browser;
  await page.goto(browser.url("/auth"));
  await page.getByLabel("Full name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("a-good-password");
  await page.getByRole("button", { name: "Create Account" }).click();
  await verifyEmailFromOutbox(browser, account.email);
  await waitForPath(page, "/onboarding");
  await page.getByRole("button", { name: "Authorize Google Analytics" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
  await page.getByLabel("alex.morgan@gmail.com").check();
  await page.getByRole("button", { name: "Allow" }).click();
  await waitForPath(page, "/connect-data-source");
  await page.getByLabel(account.property).check();
  await page.getByRole("button", { name: "Save Analytics Property" }).click();
  await waitForPath(page, "/onboarding");
  await finishFirstAudit(page, account.timeout);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Go to Dashboard" }).click();
  await waitForPath(page, "/dashboard");
}

/**
 * Buys a paid plan from Settings → Billing through the Dodo stand-in's hosted checkout (a card
 * that pays) and waits until the sidebar shows it.
 */
export async function buyPlanAtCheckout(browser: Browser, plan: "Pro" | "Team" | "Agency") {
  const { page } = browser;
  await page.goto(browser.url("/settings/billing"));
  await page.getByRole("button", { name: `Upgrade to ${plan}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/dodo-emulator/checkout/"));
  await page.getByRole("button", { name: "Pay" }).click();
  await waitForPath(page, "/dashboard");
  await page.getByTestId("sidebar").getByText(`${plan} Plan`).waitFor();
}

/**
 * Connects `property` through the Google stand-in's consent page as Alex Morgan (who sees every
 * demo property) and the property picker; the first audit starts on its own.
 */
export async function connectDemoProperty(browser: Browser, property: RegExp) {
  const { page } = browser;
  await page.goto(browser.url("/connect-data-source"));
  await page.getByRole("button", { name: "Authorize Google Analytics" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
  await page.getByLabel("alex.morgan@gmail.com").check();
  await page.getByRole("button", { name: "Allow" }).click();
  await waitForPath(page, "/connect-data-source");
  await page.getByLabel(property).check();
  await page.getByRole("button", { name: "Save Analytics Property" }).click();
  await waitForPath(page, "/dashboard");
}
