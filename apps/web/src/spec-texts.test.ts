import { describe, expect, it } from "vitest";

/**
 * The product spec's exact texts (§8, the error catalogue, and §5's two onboarding sentences),
 * each with the files that show it. `{name}` stands for a value filled in when shown.
 */
const SPEC_TEXTS: ReadonlyArray<{ text: string; shownIn: readonly string[] }> = [
  // §5 Validation rules: onboarding.
  {
    text: "Please connect at least one Analytics Property to continue",
    shownIn: ["features/onboarding/components/welcome-step.tsx"],
  },
  {
    text: "Please connect a data source first",
    shownIn: ["features/onboarding/components/scan-step.tsx"],
  },

  // §8 Auth.
  { text: "Sign up failed", shownIn: ["features/auth/components/sign-up-form.tsx"] },
  { text: "Sign in failed", shownIn: ["features/auth/components/sign-in-form.tsx"] },
  {
    text: "Google sign in failed",
    shownIn: ["app/routes/auth.tsx", "features/auth/components/google-button.tsx"],
  },
  {
    text: "Sign out failed",
    shownIn: [
      "components/layout/app-sidebar.tsx",
      "features/settings/components/account-recovery-screen.tsx",
      "features/invitations/components/invitation-acceptance.tsx",
    ],
  },
  { text: "Account created!", shownIn: ["features/auth/components/sign-up-form.tsx"] },
  {
    text: "You can now sign in to your account.",
    shownIn: ["features/auth/components/sign-up-form.tsx"],
  },

  // §8 Connection.
  {
    text: "Authorization failed",
    shownIn: ["features/data-sources/components/connect-data-source-flow.tsx"],
  },
  {
    text: "Failed to load Google Analytics properties",
    shownIn: ["features/data-sources/components/connect-data-source-flow.tsx"],
  },
  // The limit toast's title and description, used by the connect page, its save and onboarding.
  { text: "Analytics property limit reached", shownIn: ["lib/plan-room.ts"] },
  {
    text: "Please upgrade your plan to add more analytics properties",
    shownIn: ["lib/plan-room.ts"],
  },
  {
    text: "Failed to reconnect",
    shownIn: ["features/data-sources/components/connect-data-source-flow.tsx"],
  },
  {
    text: "Failed to save",
    shownIn: ["features/data-sources/components/connect-data-source-flow.tsx"],
  },
  {
    text: "Failed to start reconnection",
    shownIn: [
      "components/reconnect-google-button.tsx",
      "features/data-sources/components/properties-table.tsx",
      "features/audits/components/auth-expired-alert.tsx",
    ],
  },
  {
    text: "No workspace selected",
    shownIn: ["features/workspaces/components/workspace-settings.tsx"],
  },
  {
    text: "Failed to start connection: {message}",
    shownIn: [
      "features/data-sources/components/connect-property-card.tsx",
      "features/onboarding/components/welcome-step.tsx",
    ],
  },

  // §8 Audit.
  { text: "Audit failed", shownIn: ["lib/audits.ts"] },
  { text: "Failed to run audit: {message}", shownIn: ["lib/audits.ts"] },
  {
    text: "Property Connected Successfully",
    shownIn: ["features/data-sources/components/connect-data-source-flow.tsx"],
  },
  {
    text: "Head to your dashboard to run your first UTM audit",
    shownIn: ["features/data-sources/components/connect-data-source-flow.tsx"],
  },
  { text: "Audit completed!", shownIn: ["lib/audits.ts"] },
  { text: "Audit completed successfully!", shownIn: ["lib/audits.ts"] },
  {
    text: "Reconnected Successfully",
    shownIn: ["features/data-sources/hooks/use-reconnected-toast.ts"],
  },
  {
    text: "All Set! Running Your First Audit",
    shownIn: ["features/data-sources/components/connect-data-source-flow.tsx"],
  },

  // §8 Properties and issues.
  {
    text: "Failed to delete analytics property",
    shownIn: ["features/data-sources/api/delete-data-source.ts"],
  },
  {
    text: "Analytics property deleted",
    shownIn: ["features/data-sources/api/delete-data-source.ts"],
  },
  { text: "Failed to mute issue", shownIn: ["features/issues/api/update-issue.ts"] },
  { text: "Failed to resolve issue", shownIn: ["features/issues/api/update-issue.ts"] },
  { text: "Issue muted", shownIn: ["features/issues/api/update-issue.ts"] },
  { text: "Issue resolved", shownIn: ["features/issues/api/update-issue.ts"] },

  // §8 Export.
  { text: "Issue CSV exported successfully", shownIn: ["features/issues/api/export-csv.ts"] },
  { text: "CSV exported successfully", shownIn: ["features/issues/api/export-csv.ts"] },
  { text: "Failed to export issue CSV: {message}", shownIn: ["features/issues/api/export-csv.ts"] },
  { text: "Failed to export CSV: {message}", shownIn: ["features/issues/api/export-csv.ts"] },
  { text: "Invalid response format", shownIn: ["lib/api-client.ts"] },

  // §8 Alert rules.
  { text: "Alert rule created successfully", shownIn: ["features/alerts/api/alert-rules.ts"] },
  { text: "Alert rule updated successfully", shownIn: ["features/alerts/api/alert-rules.ts"] },
  { text: "Alert rule deleted successfully", shownIn: ["features/alerts/api/alert-rules.ts"] },
  { text: "Test alert sent successfully", shownIn: ["features/alerts/api/alert-rules.ts"] },
  {
    text: "Failed to create alert rule: {message}",
    shownIn: ["features/alerts/api/alert-rules.ts"],
  },
  {
    text: "Failed to update alert rule: {message}",
    shownIn: ["features/alerts/api/alert-rules.ts"],
  },
  {
    text: "Failed to delete alert rule: {message}",
    shownIn: ["features/alerts/api/alert-rules.ts"],
  },
  { text: "Failed to send test alert: {message}", shownIn: ["features/alerts/api/alert-rules.ts"] },

  // §8 Subscriptions.
  {
    text: "Failed to update subscription: {message}",
    shownIn: ["features/admin/api/admin-users.ts", "features/billing/api/billing-details.ts"],
  },
  {
    text: "Subscription updated successfully",
    shownIn: ["features/admin/api/admin-users.ts", "features/billing/api/billing-details.ts"],
  },
  { text: "Subscription activated!", shownIn: ["features/billing/hooks/use-payment-success.ts"] },
  {
    text: "Upgrade failed",
    shownIn: [
      "features/billing/api/create-checkout.ts",
      "features/billing/hooks/use-payment-success.ts",
    ],
  },
  { text: "Local Development Limitation", shownIn: ["features/billing/api/create-checkout.ts"] },
  { text: "Test Mode Active", shownIn: ["features/billing/components/upgrade-plans.tsx"] },

  // §8 Settings and team.
  { text: "Profile updated successfully", shownIn: ["features/settings/api/update-profile.ts"] },
  { text: "Failed to update profile", shownIn: ["features/settings/api/update-profile.ts"] },
  {
    text: "Workspace updated successfully",
    shownIn: ["features/workspaces/api/update-workspace.ts"],
  },
  {
    text: "Failed to update workspace: {message}",
    shownIn: ["features/workspaces/api/update-workspace.ts"],
  },
  {
    text: "Workspace deleted successfully",
    shownIn: ["features/workspaces/api/delete-workspace.ts"],
  },
  {
    text: "Failed to delete workspace: {message}",
    shownIn: ["features/workspaces/api/delete-workspace.ts"],
  },
  { text: "Workspace created successfully", shownIn: ["lib/workspaces.ts"] },
  { text: "Failed to create workspace: {message}", shownIn: ["lib/workspaces.ts"] },
  { text: "Invitation sent!", shownIn: ["features/invitations/api/workspace-invitations.ts"] },
  {
    text: "An invitation has been sent to {email}",
    shownIn: ["features/invitations/api/workspace-invitations.ts"],
  },
  {
    text: "Failed to send invitation: {message}",
    shownIn: ["features/invitations/api/workspace-invitations.ts"],
  },
  { text: "Invitation cancelled", shownIn: ["features/invitations/api/workspace-invitations.ts"] },
  {
    text: "The invitation has been removed",
    shownIn: ["features/invitations/api/workspace-invitations.ts"],
  },
  {
    text: "Failed to cancel invitation: {message}",
    shownIn: ["features/invitations/api/workspace-invitations.ts"],
  },
  {
    text: "You have successfully joined the workspace!",
    shownIn: ["features/invitations/api/respond-to-invitation.ts"],
  },
  {
    text: "Failed to accept invitation: {message}",
    shownIn: ["features/invitations/api/respond-to-invitation.ts"],
  },

  // §8 Invitation pages.
  ...[
    "Invalid Invitation",
    "This invitation link is invalid or incomplete.",
    "Invitation Not Found",
    "invalid, has expired, or has already been used",
    "Invitation Expired",
    "expired on {date}. Please contact the workspace owner for a new invitation.",
    "Email Mismatch",
    "Please sign in with the correct email address or contact the workspace owner.",
  ].map((text) => ({
    text,
    shownIn: ["features/invitations/components/invitation-acceptance.tsx"],
  })),

  // §8 Authentication Expired alert.
  {
    text: "Authentication Expired",
    shownIn: ["features/audits/components/auth-expired-alert.tsx"],
  },
];

/**
 * §8 texts with no moment to appear in this app, and why. A text shown one day moves up to
 * SPEC_TEXTS.
 */
const NOT_SHOWN: ReadonlyArray<{ text: string; why: string }> = [
  {
    text: "Workspace lookup failed: {msg}",
    why: "A connection started without a workspace lets the server pick the user's first (spec §7 google-oauth-init); its failure is 'Failed to start connection: {message}'.",
  },
  {
    text: "No workspace found and failed to create: {msg}",
    why: "The server creates the first workspace in the same request; its failure is 'Failed to start connection: {message}'.",
  },
  {
    text: "No data source connected. Skipping scan step.",
    why: "Onboarding never skips ahead without a property (ADR 017); it says 'Please connect a data source first'.",
  },
  {
    text: "Invitation sent successfully",
    why: "Sending has one path, announced as 'Invitation sent!' with 'An invitation has been sent to {email}'; a second toast would repeat it.",
  },
];

/** The app's source, tests and test helpers aside, keyed by path under `src/`. */
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}", "!./testing/**"], {
      query: "?raw",
      import: "default",
      eager: true,
    }),
  ).map(([path, source]) => [path.replace(/^\.\//, ""), withoutComments(source)]),
);

/** Block comments and whole-line comments go: a text named only in a comment is not shown. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** `{name}` is a value the code fills in: in the source, a `${...}` of a template literal. */
function sourcePattern(text: string): RegExp {
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    text
      .split(/\{\w+\}/)
      .map(literal)
      .join("\\$\\{[^}]+\\}"),
  );
}

function filesShowing(text: string): string[] {
  const pattern = sourcePattern(text);
  return Object.keys(SOURCES).filter((path) => pattern.test(SOURCES[path] ?? ""));
}

describe("the spec's exact texts", () => {
  it("reads the app's source", () => {
    expect(Object.keys(SOURCES)).toContain("features/auth/components/sign-up-form.tsx");
    expect(Object.keys(SOURCES).some((path) => path.includes(".test."))).toBe(false);
  });

  it.each(SPEC_TEXTS)("shows '$text' where the spec has it", ({ text, shownIn }) => {
    for (const path of shownIn) expect(Object.keys(SOURCES)).toContain(path);
    expect(filesShowing(text)).toEqual(expect.arrayContaining([...shownIn]));
  });

  it.each(NOT_SHOWN)("has no moment for '$text'", ({ text }) => {
    expect(filesShowing(text)).toEqual([]);
  });

  it("has left the wordings that differed from the spec", () => {
    expect(filesShowing('"Google sign-in failed"')).toEqual([]);
    expect(filesShowing("Failed to start connection: Analytics property limit reached")).toEqual(
      [],
    );
  });
});
