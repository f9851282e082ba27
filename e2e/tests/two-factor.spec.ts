import { describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { signUpAndSkipOnboarding } from "../support/journeys.ts";
import { totpCode, wrongTotpCode } from "../support/totp.ts";

describe("two-factor sign-in", () => {
  const browser = useBrowser();

  it("a user enables TOTP and must give a code at the next sign-in", async () => {
    const { page } = browser;
    const email = uniqueEmail("two-factor");
    const password = "a-good-password";

    await signUpAndSkipOnboarding(browser, {
      fullName: "Tess Twofactor",
      email,
      password,
    });

    // Settings → Profile: Enable asks for the password, then shows the QR code and the key.
    await page.goto(browser.url("/settings/profile"));
    await page.getByText("Off", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Enable" }).click();
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await page.getByLabel("Setup key").inputValue()).replaceAll(" ", "");
    expect(secret).toMatch(/^[A-Z2-7]+$/);

    // The previous step's code (still accepted): the current one is left for the sign-in below,
    // since a code is accepted once only.
    await page.getByLabel("6-digit code").fill(totpCode(secret, new Date(Date.now() - 30_000)));
    await page.getByRole("button", { name: "Verify and turn on" }).click();
    const backupCodes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await backupCodes.first().waitFor();
    expect(await backupCodes.count()).toBe(10);
    // Read off paper and typed back: no look-alike characters (0/O, 1/l/I).
    for (const code of await backupCodes.allTextContents()) {
      expect(code.trim()).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    }
    await page.getByText("On", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Done" }).click();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await waitForPath(page, "/");

    // The password alone opens nothing: the code step comes next, without the earlier failure.
    await page.goto(browser.url("/auth?mode=signin"));
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Sign in failed").waitFor();
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Enter the 6-digit code from your authenticator app").waitFor();
    await page.getByText("Sign in failed").waitFor({ state: "detached" });
    const me = await page.evaluate(async () => (await fetch("/api/me")).status);
    expect(me).toBe(401);

    await page.getByLabel("Authentication code").fill(wrongTotpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Invalid code").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");

    await page.getByLabel("Authentication code").fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).first().waitFor();
  });
});
