import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { AppLayout } from "./app-layout";

const me = (isAdmin: boolean) => ({
  user: {
    id: "u1",
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    createdAt: "2025-11-01T00:00:00.000Z",
  },
  isAdmin,
  onboardingCompleted: true,
  subscription: { tier: "free", status: "active", dataSourceLimit: 1, dataSourcesUsed: 0 },
});

function renderLayout({ isAdmin = false, outboxEnabled = false } = {}) {
  stubFetch({
    "GET /api/session": () => jsonResponse(200, me(isAdmin)),
    "GET /api/config": () =>
      jsonResponse(200, { outboxEnabled, googleSignIn: false, billingMode: null }),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
  });
  return renderRoutes(
    [
      {
        path: "/dashboard",
        element: (
          <AppLayout title="Dashboard">
            <p>Page body</p>
          </AppLayout>
        ),
      },
    ],
    "/dashboard",
  );
}

describe("AppLayout", () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the test wrote.
    document.cookie = "sidebar_state=; path=/; max-age=0";
  });

  it("collapses and expands the sidebar with ctrl+b and remembers it in a cookie", async () => {
    renderLayout();
    const sidebar = await screen.findByTestId("sidebar");
    expect(sidebar.getAttribute("data-state")).toBe("expanded");

    fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    expect(screen.getByTestId("sidebar").getAttribute("data-state")).toBe("collapsed");
    expect(document.cookie).toContain("sidebar_state=false");

    fireEvent.keyDown(window, { key: "b", metaKey: true });
    expect(screen.getByTestId("sidebar").getAttribute("data-state")).toBe("expanded");
    expect(document.cookie).toContain("sidebar_state=true");
  });

  it("leaves ctrl+b to a text field that has the focus", async () => {
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me(false)),
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    });
    renderRoutes(
      [
        {
          path: "/dashboard",
          element: (
            <AppLayout title="Dashboard">
              <label>
                Note
                <input />
              </label>
              <textarea aria-label="Body" />
            </AppLayout>
          ),
        },
      ],
      "/dashboard",
    );
    await screen.findByTestId("sidebar");

    fireEvent.keyDown(screen.getByLabelText("Note"), { key: "b", ctrlKey: true });
    expect(screen.getByTestId("sidebar").getAttribute("data-state")).toBe("expanded");
    fireEvent.keyDown(screen.getByLabelText("Body"), { key: "b", metaKey: true });
    expect(screen.getByTestId("sidebar").getAttribute("data-state")).toBe("expanded");

    fireEvent.keyDown(screen.getByRole("heading", { name: "Dashboard" }), {
      key: "b",
      ctrlKey: true,
    });
    expect(screen.getByTestId("sidebar").getAttribute("data-state")).toBe("collapsed");
  });

  it("starts collapsed when the cookie says so", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: arranging the remembered state.
    document.cookie = "sidebar_state=false; path=/";
    renderLayout();
    expect((await screen.findByTestId("sidebar")).getAttribute("data-state")).toBe("collapsed");
  });

  it("shows the user's plan, email and a workspace placeholder", async () => {
    renderLayout();
    expect(await screen.findByText("0 / 1 Analytics Properties")).toBeTruthy();
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade Plan" }).getAttribute("href")).toBe(
      "/settings/billing",
    );
    expect(await screen.findByText("No workspace")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeTruthy();
  });

  it("lists Outbox and Admin Panel only when they apply", async () => {
    const { queryClient } = renderLayout();
    await screen.findByText("ada@example.com");
    await waitFor(() => expect(queryClient.getQueryState(["config"])?.status).toBe("success"));
    expect(screen.queryByRole("link", { name: "Outbox" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Admin Panel" })).toBeNull();
  });

  it("lists Outbox and Admin Panel for an admin on a demo deployment", async () => {
    renderLayout({ isAdmin: true, outboxEnabled: true });
    await waitFor(() => expect(screen.getByRole("link", { name: "Outbox" })).toBeTruthy());
    expect(screen.getByRole("link", { name: "Admin Panel" }).getAttribute("href")).toBe("/admin");
  });
});
