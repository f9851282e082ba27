import { fireEvent, screen } from "@testing-library/react";
import type { InvitationLookupResponse } from "@utmost/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE_MARK } from "@/lib/session-cookie-mark";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { InviteAcceptRoute } from "./invite-accept";

const WORKSPACE_ID = "7d4c2a7e-2f6b-4c55-9a8f-0c1e7b2f4a11";
const path = "/invite/accept?token=tok-123";

function me(email: string, onboardingCompleted = true) {
  return {
    user: { id: "u2", fullName: "Sam Teammate", email, createdAt: "2025-11-01T00:00:00.000Z" },
    isAdmin: false,
    onboardingCompleted,
    subscription: null,
  };
}

/** The page as the server sends it to a request with a session cookie (web.routes.ts). */
function cameWithSessionCookie() {
  document.documentElement.setAttribute(SESSION_COOKIE_MARK, "");
}

function lookup(
  overrides: Partial<InvitationLookupResponse["invitation"]> = {},
): InvitationLookupResponse {
  return {
    invitation: {
      workspace: { name: "Acme Team" },
      invitedBy: { fullName: "Ada Lovelace", email: "ada@example.com" },
      invitedEmail: "sam@example.com",
      role: "member",
      status: "pending",
      expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      ...overrides,
    },
  };
}

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: "/invite/accept", element: <InviteAcceptRoute /> },
      { path: "/dashboard", element: <p>Dashboard page</p> },
      { path: "/auth", element: <p>Auth page</p> },
    ],
    url,
  );
}

describe("/invite/accept", () => {
  afterEach(() => {
    document.documentElement.removeAttribute(SESSION_COOKIE_MARK);
  });

  it("is an invalid invitation without a token", async () => {
    stubFetch({});
    renderAt("/invite/accept");
    expect(await screen.findByText("Invalid Invitation")).toBeTruthy();
    expect(screen.getByText("This invitation link is invalid or incomplete.")).toBeTruthy();
  });

  it("validates, then reports an unknown token as not found", async () => {
    stubFetch({
      "GET /api/invitations/lookup": () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "Invitation not found" } }),
    });
    renderAt(path);
    expect(screen.getByText("Validating invitation...")).toBeTruthy();
    expect(await screen.findByText("Invitation Not Found")).toBeTruthy();
    expect(
      screen.getByText("This invitation is invalid, has expired, or has already been used."),
    ).toBeTruthy();
  });

  it("names the status of an invitation already answered", async () => {
    cameWithSessionCookie();
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me("sam@example.com")),
      "GET /api/invitations/lookup": () => jsonResponse(200, lookup({ status: "accepted" })),
    });
    renderAt(path);
    expect(await screen.findByText("Invitation Already Accepted")).toBeTruthy();
  });

  it("says when an invitation expired, before asking anyone to sign in", async () => {
    stubFetch({
      "GET /api/invitations/lookup": () =>
        jsonResponse(200, lookup({ status: "expired", expiresAt: "2025-11-08T12:00:00.000Z" })),
    });
    renderAt(path);
    expect(await screen.findByText("Invitation Expired")).toBeTruthy();
    expect(
      screen.getByText(
        "This invitation expired on Nov 8, 2025. Please contact the workspace owner for a new invitation.",
      ),
    ).toBeTruthy();
  });

  it("asks a visitor to sign in or sign up, and to come back here", async () => {
    const fetchMock = stubFetch({
      "GET /api/invitations/lookup": () => jsonResponse(200, lookup()),
    });
    renderAt(path);
    expect(await screen.findByText("Sign In Required")).toBeTruthy();
    const back = encodeURIComponent(path);
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe(
      `/auth?mode=signin&redirect=${back}`,
    );
    expect(screen.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe(
      `/auth?mode=signup&redirect=${back}`,
    );
    const lookupCall = fetchMock.mock.calls.find(([input]) => String(input).includes("/lookup"));
    expect(String(lookupCall?.[0])).toBe("/api/invitations/lookup?token=tok-123");
    // Without a session cookie nothing is asked about the visitor.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      "/api/invitations/lookup?token=tok-123",
    ]);
  });

  it("asks who is there when the page came with a session cookie, which may be stale", async () => {
    cameWithSessionCookie();
    const fetchMock = stubFetch({
      "GET /api/session": () => jsonResponse(200, null),
      "GET /api/invitations/lookup": () => jsonResponse(200, lookup()),
    });
    renderAt(path);
    expect(await screen.findByText("Sign In Required")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === "/api/session")).toBe(true);
  });

  it("refuses another account, comparing emails without case", async () => {
    cameWithSessionCookie();
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me("ada@example.com")),
      "GET /api/invitations/lookup": () => jsonResponse(200, lookup()),
    });
    renderAt(path);
    expect(await screen.findByText("Email Mismatch")).toBeTruthy();
    expect(
      screen.getByText(
        /Please sign in with the correct email address or contact the workspace owner\.$/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in with another account" })).toBeTruthy();
  });

  it("accepts: joins, selects the workspace, finishes onboarding and opens the dashboard", async () => {
    cameWithSessionCookie();
    const fetchMock = stubFetch({
      "GET /api/session": () => jsonResponse(200, me("sam@example.com", false)),
      "GET /api/invitations/lookup": () =>
        jsonResponse(200, lookup({ invitedEmail: "Sam@Example.com" })),
      "POST /api/invitations/accept": () =>
        jsonResponse(200, { workspace: { id: WORKSPACE_ID, name: "Acme Team" }, role: "member" }),
      "POST /api/me/onboarding/complete": () => jsonResponse(204),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    });
    renderAt(path);
    expect(await screen.findByText("Join Acme Team")).toBeTruthy();
    expect(
      screen.getByText("Ada Lovelace invited you to join Acme Team as a member."),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Accept Invitation" }));
    expect(await screen.findByText("Success! Redirecting to dashboard...")).toBeTruthy();
    expect(screen.getByText("You have successfully joined the workspace!")).toBeTruthy();
    expect(window.localStorage.getItem("selectedWorkspaceId")).toBe(WORKSPACE_ID);
    const accept = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/accept"));
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ token: "tok-123" });
    expect(
      fetchMock.mock.calls.some(([input]) => String(input) === "/api/me/onboarding/complete"),
    ).toBe(true);

    // Spec §9: two seconds on the success message, then the dashboard.
    expect(screen.queryByText("Dashboard page")).toBeNull();
    expect(await screen.findByText("Dashboard page", undefined, { timeout: 3000 })).toBeTruthy();
  });

  it("toasts the server's message when accepting fails", async () => {
    cameWithSessionCookie();
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me("sam@example.com")),
      "GET /api/invitations/lookup": () => jsonResponse(200, lookup()),
      "POST /api/invitations/accept": () =>
        jsonResponse(409, {
          error: {
            code: "INVITATION_NOT_PENDING",
            message: "This invitation has already been accepted",
          },
        }),
    });
    renderAt(path);
    fireEvent.click(await screen.findByRole("button", { name: "Accept Invitation" }));
    expect(
      await screen.findByText(
        "Failed to accept invitation: This invitation has already been accepted",
      ),
    ).toBeTruthy();
    expect(window.localStorage.getItem("selectedWorkspaceId")).toBeNull();
  });

  it("declines and goes to the dashboard", async () => {
    cameWithSessionCookie();
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me("sam@example.com")),
      "GET /api/invitations/lookup": () => jsonResponse(200, lookup()),
      "POST /api/invitations/decline": () => jsonResponse(204),
    });
    renderAt(path);
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Dashboard page")).toBeTruthy();
  });
});
