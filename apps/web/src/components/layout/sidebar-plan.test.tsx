import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeMe, makeSubscription } from "@/testing/billing";
import { makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { AppLayout } from "./app-layout";

function renderWithWorkspace(workspace: ReturnType<typeof makeWorkspace>) {
  stubFetch({
    // The viewer's own plan is Free with nothing used: the sidebar must not show it here.
    "GET /api/session": () => jsonResponse(200, makeMe(makeSubscription())),
    "GET /api/config": () =>
      jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: null }),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
  });
  renderRoutes(
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

describe("the sidebar's plan box", () => {
  it("shows an invited member the workspace owner's plan, with no upgrade for it", async () => {
    renderWithWorkspace(
      makeWorkspace({
        ownerId: "someone-else",
        role: "member",
        ownerTier: "agency",
        dataSourceLimit: 25,
        dataSourceCount: 3,
        ownerDataSourcesUsed: 7,
      }),
    );
    const sidebar = within(await screen.findByTestId("sidebar"));
    expect(await sidebar.findByText("Agency Plan")).toBeTruthy();
    expect(sidebar.getByText("Workspace owner's plan")).toBeTruthy();
    expect(sidebar.getByText("7 / 25 Analytics Properties")).toBeTruthy();
    expect(sidebar.queryByText("Free Plan")).toBeNull();
    expect(sidebar.queryByRole("link", { name: "Upgrade Plan" })).toBeNull();
  });

  it("offers the owner of a Free workspace the upgrade, counting all their workspaces", async () => {
    renderWithWorkspace(
      makeWorkspace({
        ownerId: "u1",
        ownerTier: "free",
        dataSourceCount: 0,
        ownerDataSourcesUsed: 1,
      }),
    );
    const sidebar = within(await screen.findByTestId("sidebar"));
    expect(await sidebar.findByText("1 / 1 Analytics Properties")).toBeTruthy();
    expect(sidebar.queryByText("Workspace owner's plan")).toBeNull();
    expect(sidebar.getByRole("link", { name: "Upgrade Plan" }).getAttribute("href")).toBe(
      "/settings/billing",
    );
  });

  it("offers no upgrade to a member of a Free workspace: the plan is the owner's", async () => {
    renderWithWorkspace(
      makeWorkspace({ ownerId: "someone-else", role: "admin", ownerTier: "free" }),
    );
    const sidebar = within(await screen.findByTestId("sidebar"));
    expect(await sidebar.findByText("Workspace owner's plan")).toBeTruthy();
    expect(sidebar.queryByRole("link", { name: "Upgrade Plan" })).toBeNull();
  });
});
