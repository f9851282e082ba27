import { describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";

describe("a forgotten password", () => {
  const browser = useBrowser();

  it("is reset through the mailed link, read in the local outbox", async () => {
    const { page } = browser;
    const email = uniqueEmail("forgetful");
    const signUp = await page.request.post(browser.url("/api/auth/sign-up/email"), {
      data: { fullName: "Fran Forgetful", email, password: "the-old-password" },
    });
    expect(signUp.status()).toBe(200);
    await browser.context.clearCookies();

    await page.goto(browser.url("/auth?mode=signin"));
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Check your email for a reset link").waitFor();

    await page.getByRole("link", { name: "Open the local outbox" }).click();
    await waitForPath(page, "/outbox");
    const mail = page.locator("article, li, [data-testid='outbox-message']").filter({
      hasText: email,
    });
    await mail.first().getByText("Reset your Utmost password").waitFor();
    await mail
      .first()
      .getByRole("link", { name: /reset-password/ })
      .click();

    await waitForPath(page, "/auth/reset-password");
    await page.getByLabel("New password").fill("the-new-password");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await waitForPath(page, "/auth");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("the-new-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await waitForPath(page, "/onboarding");
  });
});
