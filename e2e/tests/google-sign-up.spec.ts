import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";

/**
 * "Continue with Google" against the Google stand-in the embedded default mounts in-process:
 * the browser really leaves for the consent page and comes back through the OAuth callback.
 */
describe("signing up with Google", () => {
  const browser = useBrowser();

  it("denies, then allows, lands on onboarding, and signs back in with Google", async () => {
    const { page } = browser;
    const email = "sam.lee@gmail.com";

    // Deny on the consent page comes back to /auth with the reason.
    await page.goto(browser.url("/auth"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
    await page.getByRole("button", { name: "Deny" }).click();
    await waitForPath(page, "/auth");
    await page.getByText("Google sign-in was cancelled.").waitFor();

    // Allow with a test Google account makes a new Utmost account: onboarding comes first.
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
    await page.getByLabel(email).check();
    await page.getByRole("button", { name: "Allow" }).click();
    await waitForPath(page, "/onboarding");

    const me = await page.evaluate(async () => (await fetch("/api/me")).json());
    expect(me).toMatchObject({ user: { email, fullName: "Sam Lee" } });

    await page.getByRole("button", { name: "Skip" }).click();
    await waitForPath(page, "/dashboard");
    await page.getByText(email).first().waitFor();

    // Signing out and back in with the same Google account finds the same user.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await waitForPath(page, "/");
    await page.goto(browser.url("/auth?mode=signin"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
    await page.getByLabel(email).check();
    await page.getByRole("button", { name: "Allow" }).click();
    await waitForPath(page, "/dashboard");
    const again = await page.evaluate(async () => (await fetch("/api/me")).json());
    expect(again.user.id).toBe(me.user.id);
  });
});
