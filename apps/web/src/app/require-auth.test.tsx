import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RequireAuth } from "@/app/require-auth";
import { AuthRoute } from "@/app/routes/auth";
import { makeMe } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";

function renderGuarded(handlers: Parameters<typeof stubFetch>[0] = {}) {
  let scheduledFor: string | null = "2026-12-24T10:00:00.000Z";
  const fetchMock = stubFetch({
    "GET /api/session": () =>
      jsonResponse(200, { ...makeMe(), deletionScheduledFor: scheduledFor }),
    "POST /api/me/deletion/cancel": () => {
      scheduledFor = null;
      return new Response(null, { status: 204 });
    },
    ...handlers,
  });
  renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: "/dashboard", element: <p>Dashboard page</p> },
          { path: "/settings", element: <p>Settings page</p> },
        ],
      },
      { path: "/", element: <p>Landing page</p> },
    ],
    "/settings",
  );
  return fetchMock;
}

describe("account recovery screen", () => {
  it("replaces every guarded page and recovers the account to the dashboard", async () => {
    renderGuarded();
    expect(
      await screen.findByRole("heading", {
        name: "Your account is scheduled for deletion on Dec 24, 2026.",
      }),
    ).toBeTruthy();
    expect(screen.queryByText("Settings page")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Recover my account" }));
    expect(await screen.findByText("Dashboard page")).toBeTruthy();
    expect(await screen.findByText("Account recovered")).toBeTruthy();
  });

  it("signs out to the landing page", async () => {
    const fetchMock = renderGuarded({
      "POST /api/auth/sign-out": () => jsonResponse(200, { success: true }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Landing page")).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(
      "/api/me/deletion/cancel",
    );
  });
});

describe("a signed-out visitor of a guarded page", () => {
  it("is sent to sign-in, then back to the page asked for once signed in", async () => {
    let signedIn = false;
    stubFetch({
      "GET /api/session": () => (signedIn ? jsonResponse(200, makeMe()) : jsonResponse(200, null)),
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
      "POST /api/auth/sign-in/email": () => {
        signedIn = true;
        return jsonResponse(200, {
          user: { id: "u1", fullName: "Ada Lovelace", email: "ada@example.com" },
        });
      },
    });
    const { router } = renderRoutes(
      [
        {
          element: <RequireAuth />,
          children: [{ path: "/data-sources/:id/health", element: <p>Report page</p> }],
        },
        { path: "/auth", element: <AuthRoute /> },
      ],
      "/data-sources/ds-1/health?days=30",
    );

    expect(await screen.findByText("Welcome back")).toBeTruthy();
    expect(screen.queryByText("Create your account")).toBeNull();
    expect(router.state.location.search).toBe(
      "?mode=signin&redirect=%2Fdata-sources%2Fds-1%2Fhealth%3Fdays%3D30",
    );

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Report page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/data-sources/ds-1/health");
    expect(router.state.location.search).toBe("?days=30");
  });
});
