import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe.ts";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import {
  DEMO_LOGIN,
  finishFirstAudit,
  signIn,
  verifyEmailFromOutbox,
} from "../support/journeys.ts";
import {
  demoPropertyId,
  furnishDemoWorkspace,
  openPage,
  SIGNED_IN_PAGES,
  SIGNED_OUT_PAGES,
  settle,
} from "../support/pages.ts";

/**
 * Issue 22: axe-core finds no serious or critical violation on any page, signed out and signed
 * in (the demo login is an administrator, so the admin console is among them). Every page is
 * looked at before the test fails, so one run lists everything to fix.
 */
describe("accessibility", () => {
  const browser = useBrowser();

  it("signed out, every public page passes axe", async () => {
    const found: Record<string, string[]> = {};
    for (const visit of SIGNED_OUT_PAGES) {
      await openPage(browser, visit);
      const violations = await seriousAxeViolations(browser.page);
      if (violations.length > 0) found[`${visit.name} (${visit.path})`] = violations;
    }
    expect(found).toEqual({});
  });

  it("signed in, every page of the app passes axe", async () => {
    await signIn(browser);
    await furnishDemoWorkspace(browser);
    const property = await demoPropertyId(browser);
    const found: Record<string, string[]> = {};
    for (const visit of SIGNED_IN_PAGES) {
      await openPage(browser, visit, property);
      const violations = await seriousAxeViolations(browser.page);
      if (violations.length > 0) found[`${visit.name} (${visit.path})`] = violations;
    }
    expect(found).toEqual({});
  }, 300_000);
});

/**
 * What a page walk does not reach: a newcomer's onboarding, step by step, and the app's dialogs
 * while they are open. The same bar: no serious or critical violation.
 */
describe("accessibility of onboarding and dialogs", () => {
  const browser = useBrowser();

  it("a newcomer's onboarding passes axe at every step", async () => {
    const { page } = browser;
    const email = uniqueEmail("axe-onboarding");
    const found: Record<string, string[]> = {};
    const check = async (step: string) => {
      await settle(page);
      const violations = await seriousAxeViolations(page);
      if (violations.length > 0) found[step] = violations;
    };
    await page.goto(browser.url("/auth?mode=signup"));
    await page.getByLabel("Full name").fill("Axe Newcomer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await check("check your inbox");
    await verifyEmailFromOutbox(browser, email);
    await waitForPath(page, "/onboarding");
    await page.getByRole("button", { name: "Authorize Google Analytics" }).waitFor();
    await check("onboarding, connect step");
    await page.getByRole("button", { name: "Authorize Google Analytics" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
    await page.getByLabel("alex.morgan@gmail.com").check();
    await page.getByRole("button", { name: "Allow" }).click();
    await waitForPath(page, "/connect-data-source");
    await page.getByLabel(/Northwind Outfitters - GA4/).waitFor();
    await check("property picker");
    await page.getByLabel(/Northwind Outfitters - GA4/).check();
    await page.getByRole("button", { name: "Save Analytics Property" }).click();
    await waitForPath(page, "/onboarding");
    await finishFirstAudit(page, 90_000);
    await check("onboarding, audit complete");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Go to Dashboard" }).waitFor();
    await check("onboarding, all set");
    expect(found).toEqual({});
  }, 200_000);

  it("the app's dialogs pass axe while open", async () => {
    const { page } = browser;
    await signIn(browser);
    const property = await demoPropertyId(browser);
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await settle(page);
      const violations = await seriousAxeViolations(page);
      if (violations.length > 0) found[name] = violations;
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    };

    await page.goto(browser.url(`/data-sources/${property}/health`));
    await page.getByRole("article").first().waitFor();
    await page.getByRole("button", { name: "How are these counted?" }).first().click();
    await check("how are these counted");
    await page.getByRole("article").first().getByRole("button", { name: "Mute" }).click();
    await check("mute an issue");

    await page.getByRole("button", { name: /^Workspace: Demo Workspace/ }).click();
    await page.getByRole("menuitem", { name: "Create workspace" }).click();
    await check("create a workspace");
    expect(found).toEqual({});
  }, 200_000);
});

/** What has the keyboard focus: its role-ish tag, accessible text and id. */
async function focused(browser: ReturnType<typeof useBrowser>) {
  return browser.page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      id: element?.id ?? "",
      text: (element?.getAttribute("aria-label") ?? element?.textContent ?? "").trim(),
    };
  });
}

/**
 * Issue 22, keyboard: Tab order follows what the eye sees, the first Tab offers "Skip to content",
 * page shortcuts stay out of text fields, and a dialog gives the focus back when it closes.
 */
describe("the keyboard", () => {
  const browser = useBrowser();

  it("signs in with email, Tab, password, Enter", async () => {
    const { page } = browser;
    await page.goto(browser.url("/auth?mode=signin"));
    await page.getByLabel("Email").focus();
    await page.keyboard.type(DEMO_LOGIN.email);
    await page.keyboard.press("Tab");
    expect(await focused(browser)).toMatchObject({ id: "password" });
    await page.keyboard.type(DEMO_LOGIN.password);
    await page.keyboard.press("Enter");
    await waitForPath(page, "/dashboard");
  });

  it("offers Skip to content first, on the public and the app layouts", async () => {
    const { page } = browser;
    for (const path of ["/", "/docs", "/auth?mode=signin"]) {
      await page.goto(browser.url(path));
      await page.getByRole("heading").first().waitFor();
      await page.keyboard.press("Tab");
      expect(await focused(browser)).toMatchObject({ tag: "a", text: "Skip to content" });
      await page.keyboard.press("Enter");
      expect(await focused(browser)).toMatchObject({ tag: "main", id: "main-content" });
    }

    await signIn(browser);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await settle(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Tab");
    expect(await focused(browser)).toMatchObject({ tag: "a", text: "Skip to content" });
    await page.keyboard.press("Enter");
    expect(await focused(browser)).toMatchObject({ tag: "main", id: "main-content" });
    // The next Tab goes into the page's content, past the sidebar.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement)),
    ).toBe(true);
  });

  it("keeps ctrl+b for the text field being typed in, and gives focus back after dialogs", async () => {
    const { page } = browser;
    await signIn(browser);
    const sidebar = page.getByTestId("sidebar");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");

    await page.goto(browser.url("/builder"));
    const field = page.getByRole("textbox").first();
    await field.focus();
    await page.keyboard.press("Control+b");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    await page.getByRole("heading", { name: "UTM Link Builder" }).click();
    await page.keyboard.press("Control+b");
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    await page.keyboard.press("Control+b");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");

    // A dialog opened from the workspace menu returns the focus to the menu's button.
    const switcher = page.getByRole("button", { name: /^Workspace: Demo Workspace/ });
    await switcher.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Create workspace" }).click();
    await page.getByRole("dialog").getByLabel("Workspace name").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect((await focused(browser)).text).toMatch(/^Workspace: Demo Workspace/);

    // A row's confirmation returns it to the row's button.
    await furnishDemoWorkspace(browser);
    await page.goto(browser.url("/settings/workspace"));
    const revoke = page.getByRole("button", { name: /^Revoke / }).first();
    await revoke.focus();
    const name = await revoke.getAttribute("aria-label");
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    expect((await focused(browser)).text).toBe(name);
  });
});
