import { describe, expect, it } from "vitest";
import { openBrowser, uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { signIn, signUpAndSkipOnboarding } from "../support/journeys.ts";

describe("where you're signed in", () => {
  const browser = useBrowser();

  it("a user signed in on two browsers signs the other one out from Settings", async () => {
    const { page } = browser;
    const account = {
      fullName: "Sam Sessions",
      email: uniqueEmail("sessions"),
      password: "a-good-password",
    };
    await signUpAndSkipOnboarding(browser, account);

    // The same account on a second browser.
    const other = await openBrowser();
    try {
      await signIn(other, account);

      await page.goto(browser.url("/settings/profile"));
      const list = page.getByRole("list", { name: "Signed-in browsers" });
      await list.getByText("This browser").waitFor();
      await expect.poll(() => list.getByRole("listitem").count()).toBe(2);

      // Only the other browser can be signed out from here.
      const signOutButtons = list.getByRole("button", { name: /^Sign out / });
      expect(await signOutButtons.count()).toBe(1);
      await signOutButtons.click();
      await page.getByText("Signed out", { exact: true }).waitFor();
      await page.getByText("This is the only place you're signed in.").waitFor();
      expect(await list.getByRole("listitem").count()).toBe(1);

      // The other browser's next page finds it signed out; this one goes on.
      await other.page.goto(other.url("/settings/profile"));
      await waitForPath(other.page, "/auth");
      await page.reload();
      await list.getByText("This browser").waitFor();
    } finally {
      await other.close();
    }
  });
});
