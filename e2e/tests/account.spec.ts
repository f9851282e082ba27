import { describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { verifyEmailFromOutbox } from "../support/journeys.ts";

describe("a newcomer's account", () => {
  const browser = useBrowser();

  it("signs up, skips onboarding, uses the shell, signs out and signs back in", async () => {
    const { page } = browser;
    const email = uniqueEmail("newcomer");
    const password = "a-good-password";

    // A guarded page while signed out lands on /auth.
    await page.goto(browser.url("/dashboard"));
    await waitForPath(page, "/auth");

    // Sign up is the default mode; the browser checks the rules first.
    await page.goto(browser.url("/auth"));
    await page.getByLabel("Full name").fill("Nora Newcomer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Password must be at least 6 characters").waitFor();

    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    // No session until the mailed link is followed: it verifies the address and signs in.
    await verifyEmailFromOutbox(browser, email);
    await waitForPath(page, "/onboarding");

    // Skip finishes onboarding and opens the dashboard.
    await page.getByRole("button", { name: "Skip" }).click();
    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).first().waitFor();

    // ctrl+b collapses the sidebar, and the choice survives a reload.
    const sidebar = page.getByTestId("sidebar");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    await page.keyboard.press("Control+b");
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="sidebar"]')?.getAttribute("data-state") ===
        "collapsed",
    );
    await page.reload();
    await page.getByTestId("sidebar").waitFor();
    expect(await page.getByTestId("sidebar").getAttribute("data-state")).toBe("collapsed");
    await page.keyboard.press("Control+b");
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="sidebar"]')?.getAttribute("data-state") ===
        "expanded",
    );

    // Sign out goes to the landing page; the app is closed again.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await waitForPath(page, "/");
    await page.goto(browser.url("/settings/profile"));
    await waitForPath(page, "/auth");

    // A wrong password is refused with the spec's toast.
    await page.goto(browser.url("/auth?mode=signin&redirect=%2Fsettings%2Fprofile"));
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Sign in failed").waitFor();
    await page.getByText("Invalid email or password").waitFor();

    // The right one returns to where the user was going.
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await waitForPath(page, "/settings/profile");
    expect(await page.getByLabel("Full name").inputValue()).toBe("Nora Newcomer");
  });
});
