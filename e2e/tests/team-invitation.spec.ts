import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Browser, openBrowser, uniqueEmail } from "../support/browser.ts";
import { collectPageErrors, waitForPath } from "../support/expect-page.ts";
import { signIn, verifyEmailFromOutbox } from "../support/journeys.ts";

const DAY_MS = 86_400_000;

/**
 * Issue 6: an owner invites a teammate by email; the teammate signs up through the mailed link,
 * accepts and works on the same properties. Another account, or an expired link, cannot join.
 */
describe("inviting a teammate", () => {
  let owner: Browser;
  let teammate: Browser;
  let pageErrors: string[][];
  beforeEach(async () => {
    owner = await openBrowser();
    teammate = await openBrowser();
    pageErrors = [collectPageErrors(owner.page), collectPageErrors(teammate.page)];
  });
  afterEach(async () => {
    await Promise.all([owner.close(), teammate.close()]);
    expect(pageErrors.flat()).toEqual([]);
  });

  it("invites, signs up through the mailed link, accepts and shares the properties", async () => {
    const teammateEmail = uniqueEmail("teammate");
    const strangerEmail = uniqueEmail("stranger");
    const lateEmail = uniqueEmail("late");

    // The owner signs in and notes the workspace's property.
    const { page } = owner;
    await signIn(owner);
    await page.goto(owner.url("/data-sources"));
    const propertyName = await firstPropertyName(page);

    // The owner invites three addresses from the members page.
    await page.getByRole("link", { name: "Team Members" }).click();
    await waitForPath(page, "/workspace/members");
    // The demo workspace is shared with other journeys, which may have left an invitation there.
    await page.getByText("Pending Invitations", { exact: true }).waitFor();
    for (const email of [teammateEmail, strangerEmail, lateEmail]) {
      await invite(page, email);
    }
    await page.getByRole("listitem", { name: teammateEmail }).waitFor();

    // The mail lands in the local outbox with its single-use link.
    await page.getByRole("link", { name: "Outbox" }).click();
    await waitForPath(page, "/outbox");
    const teammateLink = await invitationLink(page, teammateEmail);
    const strangerLink = await invitationLink(page, strangerEmail);
    const lateLink = await invitationLink(page, lateEmail);

    // The teammate opens the link signed out: sign-up comes back to the invitation.
    const mate = teammate.page;
    await mate.goto(teammateLink);
    await mate.getByRole("heading", { name: "Sign In Required" }).waitFor();
    await mate.getByRole("link", { name: "Sign Up" }).click();
    await waitForPath(mate, "/auth");
    await mate.getByLabel("Full name").fill("Sam Teammate");
    // The form takes the invited address and keeps it.
    await mate.getByText("The invitation is for this address.").waitFor();
    const email = mate.getByLabel("Email");
    expect(await email.inputValue()).toBe(teammateEmail);
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await mate.getByLabel("Password").fill("a-good-password");
    await mate.getByRole("button", { name: "Create Account" }).click();
    // The verification link signs the teammate in and comes back to the invitation.
    await verifyEmailFromOutbox(teammate, teammateEmail);
    await waitForPath(mate, "/invite/accept");

    // Accepting joins the workspace, selects it and opens the dashboard (not onboarding).
    await mate.getByRole("button", { name: "Accept Invitation" }).click();
    await mate.getByText("Success! Redirecting to dashboard...").waitFor();
    await waitForPath(mate, "/dashboard");
    const joinedId = await mate.evaluate(() => localStorage.getItem("selectedWorkspaceId"));
    const workspaces = await mate.evaluate(async () => (await fetch("/api/workspaces")).json());
    const joined = workspaces.workspaces.find((w: { id: string }) => w.id === joinedId);
    expect(joined).toMatchObject({ role: "member" });

    // The sidebar shows the plan the workspace runs on, its owner's, with no upgrade to buy.
    const sidebar = mate.getByTestId("sidebar");
    await sidebar.getByText("Agency Plan").waitFor();
    await sidebar.getByText("Workspace owner's plan").waitFor();
    expect(await sidebar.getByText("Free Plan").count()).toBe(0);
    expect(await sidebar.getByRole("link", { name: "Upgrade Plan" }).count()).toBe(0);

    // The shared property is there for the teammate.
    await mate.getByText(propertyName).first().waitFor();
    await mate.goto(teammate.url("/data-sources"));
    expect(await firstPropertyName(mate)).toBe(propertyName);

    // As a member, the teammate sees the team but cannot remove anyone.
    await mate.getByRole("link", { name: "Team Members" }).click();
    const ownerRow = mate.getByRole("row", { name: "Demo Marketer" });
    await ownerRow.waitFor();
    expect(await ownerRow.getByRole("button").count()).toBe(0);
    expect(await mate.getByRole("button", { name: "Send Invitation" }).isDisabled()).toBe(true);

    // The owner now lists the teammate as a member, and the invitation is no longer pending.
    await page.goto(owner.url("/workspace/members"));
    const mateRow = page.getByRole("row", { name: "Sam Teammate" });
    await mateRow.getByRole("button", { name: "Remove Sam Teammate" }).waitFor();
    expect(await page.getByRole("listitem", { name: teammateEmail }).count()).toBe(0);

    // Another account cannot use someone else's invitation.
    await mate.goto(strangerLink);
    await mate.getByRole("heading", { name: "Email Mismatch" }).waitFor();
    await mate
      .getByText("Please sign in with the correct email address or contact the workspace owner.", {
        exact: false,
      })
      .waitFor();

    // Eight days on, an unanswered link has expired (the browser's clock moves, not the server's).
    const later = await teammate.context.newPage();
    await later.clock.setFixedTime(new Date(Date.now() + 8 * DAY_MS));
    await later.goto(lateLink);
    await later.getByRole("heading", { name: "Invitation Expired" }).waitFor();
    await later
      .getByText("Please contact the workspace owner for a new invitation.", { exact: false })
      .waitFor();
    await later.close();

    // The accepted link is spent.
    await mate.goto(teammateLink);
    await mate.getByRole("heading", { name: "Invitation Already Accepted" }).waitFor();
  }, 120_000);
});

async function invite(page: Page, email: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await page.getByText(`An invitation has been sent to ${email}`).first().waitFor();
}

async function firstPropertyName(page: Page): Promise<string> {
  const firstRow = page.getByRole("row").nth(1);
  await firstRow.waitFor();
  const name = await firstRow.getByRole("cell").first().locator("p").first().textContent();
  if (!name) throw new Error("a property without a name");
  return name.trim();
}

/** The `/invite/accept?token=...` link of the newest mail to `email` in the outbox page. */
async function invitationLink(page: Page, email: string): Promise<string> {
  const mail = page
    .getByRole("listitem")
    .filter({ hasText: `To ${email}` })
    .first();
  const link = mail.getByRole("link", { name: /\/invite\/accept\?token=/ });
  await link.waitFor();
  const href = await link.getAttribute("href");
  if (!href) throw new Error(`no invitation link for ${email}`);
  return href;
}
