import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataSource, WorkspaceSummary } from "@utmost/contracts";
import { describe, expect, it, vi } from "vitest";
import { AppLayout } from "@/components/layout/app-layout";
import { ADD_PROPERTY_PATH } from "@/lib/plan-room";
import { makeMe, makeSubscription } from "@/testing/billing";
import { makeDataSource, makeRunningScan, makeScan, makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { DashboardRoute } from "./dashboard";

const me = {
  user: {
    id: "u1",
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    createdAt: "2025-11-01T00:00:00.000Z",
  },
  isAdmin: false,
  onboardingCompleted: true,
  subscription: { tier: "free", status: "active", dataSourceLimit: 1, dataSourcesUsed: 0 },
};

function arrange(
  workspace: WorkspaceSummary,
  dataSources: DataSource[],
  extra: Parameters<typeof stubFetch>[0] = {},
) {
  const fetchMock = stubFetch({
    "GET /api/session": () => jsonResponse(200, me),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
    [`GET /api/workspaces/${workspace.id}/data-sources`]: () => jsonResponse(200, { dataSources }),
    ...extra,
  });
  renderRoutes([{ path: "/dashboard", element: <DashboardRoute /> }], "/dashboard");
  return fetchMock;
}

describe("/dashboard", () => {
  it("shows the empty state with a way to connect when no property is connected", async () => {
    const workspace = makeWorkspace({ dataSourceLimit: 1, dataSourceCount: 0 });
    arrange(workspace, []);

    expect(await screen.findByText("No analytics properties connected")).toBeTruthy();
    expect(screen.getByText("0 of 1 used")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Connect Analytics Property" }).getAttribute("href"),
    ).toBe("/connect-data-source");
    expect(screen.getByRole("link", { name: "Add Analytics Property" }).getAttribute("href")).toBe(
      "/connect-data-source",
    );
  });

  it("shows a property's latest audit with its counts and report link", async () => {
    const workspace = makeWorkspace({ dataSourceLimit: 5, dataSourceCount: 1 });
    const dataSource = makeDataSource({
      workspaceId: workspace.id,
      name: "Acme Store",
      latestScan: makeScan({
        healthScore: 64,
        healthGrade: "C",
        criticalIssuesCount: 3,
        warningIssuesCount: 7,
        passedChecksCount: 9,
        completedAt: "2025-11-01T09:00:40.000Z",
      }),
    });
    arrange(workspace, [dataSource]);

    expect(await screen.findByText("Acme Store")).toBeTruthy();
    expect(screen.getByText("1 of 5 used")).toBeTruthy();
    expect(screen.getByText("64").className).toContain("text-accent");
    expect(screen.getByLabelText("Grade C").className).toContain("bg-warning");
    const counts = screen.getAllByRole("definition").map((node) => node.textContent);
    expect(counts).toEqual(expect.arrayContaining(["3", "7", "9"]));
    expect(screen.getByText(/Last scanned Nov 1, 2025/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Full Report" }).getAttribute("href")).toBe(
      `/data-sources/${dataSource.id}/health`,
    );
    expect(screen.getByRole("button", { name: "Re-run Audit" })).toBeTruthy();
  });

  it("runs the first audit and follows it to its result", async () => {
    const workspace = makeWorkspace({ dataSourceLimit: 5, dataSourceCount: 1 });
    const dataSource = makeDataSource({ workspaceId: workspace.id, latestScan: null });
    const running = makeRunningScan({ dataSourceId: dataSource.id, progress: 40 });
    const completed = makeScan({
      ...running,
      status: "completed",
      healthScore: 91,
      healthGrade: "A",
    });
    let polls = 0;
    const fetchMock = arrange(workspace, [dataSource], {
      [`POST /api/data-sources/${dataSource.id}/audits`]: () =>
        jsonResponse(202, { scan: running }),
      // The first read still finds it running; the next, a second later, finished.
      [`GET /api/scans/${running.id}`]: () =>
        jsonResponse(200, { scan: polls++ === 0 ? { ...running, progress: 60 } : completed }),
    });

    expect(
      await screen.findByText("No audit data yet. Run your first audit to see health metrics."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Run First Audit" }));

    expect(await screen.findByText("60%")).toBeTruthy();
    expect(await screen.findByText("Audit completed!", undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText("Health score 91/100, grade A")).toBeTruthy();
    expect(await screen.findByText("91")).toBeTruthy();
    const start = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/audits"));
    expect(JSON.parse(String(start?.[1]?.body))).toEqual({ scanType: "manual" });
  });

  it("blocks adding and points to billing when the plan's limit is used", async () => {
    const workspace = makeWorkspace({ dataSourceLimit: 1, dataSourceCount: 1 });
    arrange(workspace, [makeDataSource({ workspaceId: workspace.id })]);

    const usage = (await screen.findByText("1 of 1 used")).closest("div.rounded-xl");
    expect(usage).toBeTruthy();
    const card = within(usage as HTMLElement);
    expect(card.getByRole("button", { name: "Add Analytics Property" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(card.getByRole("link", { name: "Upgrade your plan" }).getAttribute("href")).toBe(
      "/settings/billing",
    );
  });

  it("counts the owner's properties in their other workspaces and blocks adding at the limit", async () => {
    // A Free owner's second workspace: empty here, but the plan's one property is used elsewhere.
    const workspace = makeWorkspace({
      ownerId: "u1",
      dataSourceLimit: 1,
      dataSourceCount: 0,
      ownerDataSourcesUsed: 1,
    });
    arrange(workspace, []);

    const usage = (await screen.findByText("1 of 1 used")).closest("div.rounded-xl");
    const card = within(usage as HTMLElement);
    expect(card.getByText("Counted across every workspace on your Free plan.")).toBeTruthy();
    expect(card.getByRole("button", { name: "Add Analytics Property" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(card.getByRole("link", { name: "Upgrade your plan" })).toBeTruthy();
  });

  it("offers an Agency owner at the limit an add-on property on both notices, and no upgrade", async () => {
    const workspace = makeWorkspace({
      ownerTier: "agency",
      dataSourceLimit: 1,
      dataSourceCount: 1,
    });
    arrange(workspace, [makeDataSource({ workspaceId: workspace.id })]);

    expect(await screen.findByText("1 of 1 used")).toBeTruthy();
    const offers = screen.getAllByRole("link", { name: "Add a property for $10/month" });
    expect(offers.map((offer) => offer.getAttribute("href"))).toEqual([
      ADD_PROPERTY_PATH,
      ADD_PROPERTY_PATH,
    ]);
    expect(
      screen.getByText("You've reached your Agency plan's analytics property limit."),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: /upgrade/i })).toBeNull();
  });

  it("tells a member at the owner's limit that only the owner can upgrade", async () => {
    const workspace = makeWorkspace({
      ownerId: "someone-else",
      role: "member",
      ownerTier: "advanced",
      dataSourceLimit: 5,
      dataSourceCount: 2,
      ownerDataSourcesUsed: 5,
    });
    arrange(workspace, [
      makeDataSource({ workspaceId: workspace.id }),
      makeDataSource({ workspaceId: workspace.id }),
    ]);

    const usage = (await screen.findByText("5 of 5 used")).closest("div.rounded-xl");
    const card = within(usage as HTMLElement);
    expect(card.getByRole("button", { name: "Add Analytics Property" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(
      card.getByText(
        "Limit reached. The workspace owner can upgrade their Team plan to add more analytics properties.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Upgrade your plan" })).toBeNull();
  });

  it("offers Reconnect for a property whose Google authorization expired", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const workspace = makeWorkspace({ dataSourceLimit: 5, dataSourceCount: 1 });
    const dataSource = makeDataSource({
      workspaceId: workspace.id,
      latestScan: makeScan({
        status: "failed",
        errorCode: "GOOGLE_AUTH_EXPIRED",
        errorMessage: "Google access for this property has expired. Please reconnect.",
        healthScore: null,
        healthGrade: null,
      }),
    });
    const fetchMock = arrange(workspace, [dataSource], {
      "POST /api/oauth/google/init": () =>
        jsonResponse(200, { oauthUrl: "https://accounts.example.test/consent" }),
    });

    expect(await screen.findByText("Authentication Expired")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Re-run Audit" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reconnect" }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://accounts.example.test/consent"),
    );
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/init"));
    expect(JSON.parse(String(init?.[1]?.body))).toEqual({
      workspaceId: workspace.id,
      dataSourceId: dataSource.id,
    });
  });

  it("after a payment, reads the plan again until the new limit shows", async () => {
    const workspace = makeWorkspace({ dataSourceLimit: 1, dataSourceCount: 0, ownerTier: "free" });
    // The provider's webhook lands a moment after the browser comes back.
    let webhookLanded = false;
    setTimeout(() => {
      webhookLanded = true;
    }, 300);
    stubFetch({
      "GET /api/session": () =>
        jsonResponse(
          200,
          makeMe(
            webhookLanded
              ? makeSubscription({ tier: "advanced", dataSourceLimit: 5 })
              : makeSubscription(),
          ),
        ),
      "GET /api/config": () =>
        jsonResponse(200, { outboxEnabled: false, googleSignIn: false, billingMode: "test" }),
      "GET /api/workspaces": () =>
        jsonResponse(200, {
          workspaces: [
            webhookLanded ? { ...workspace, dataSourceLimit: 5, ownerTier: "advanced" } : workspace,
          ],
        }),
      [`GET /api/workspaces/${workspace.id}/data-sources`]: () =>
        jsonResponse(200, { dataSources: [] }),
    });
    const { router } = renderRoutes(
      [
        {
          path: "/dashboard",
          element: (
            <AppLayout title="Dashboard">
              <DashboardRoute />
            </AppLayout>
          ),
        },
      ],
      "/dashboard?payment=success",
    );

    expect(await screen.findByText("Subscription activated!")).toBeTruthy();
    expect(await screen.findByText("0 of 1 used")).toBeTruthy();
    expect(screen.getByText("0 / 1 Analytics Properties")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade Plan" })).toBeTruthy();
    expect(router.state.location.search).toBe("");

    expect(await screen.findByText("0 of 5 used", undefined, { timeout: 4000 })).toBeTruthy();
    expect(await screen.findByText("0 / 5 Analytics Properties")).toBeTruthy();
    expect(screen.getByText("Team Plan")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Upgrade Plan" })).toBeNull();
  }, 10_000);

  it("asks for a workspace when there is none", async () => {
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    });
    renderRoutes([{ path: "/dashboard", element: <DashboardRoute /> }], "/dashboard");
    expect(await screen.findByText("Please select a workspace first")).toBeTruthy();
  });
});

describe("/dashboard after a failed payment (ADR 022)", () => {
  const grace = {
    tier: "pro" as const,
    failedAt: "2025-12-01T12:00:00.000Z",
    endsAt: "2025-12-08T12:00:00.000Z",
  };

  it("tells the owner when the plan ends and where to update the card", async () => {
    arrange(makeWorkspace({ role: "owner", ownerTier: "pro", ownerPaymentGrace: grace }), []);

    const banner = await screen.findByRole("alert");
    expect(banner.querySelector("h4")?.textContent).toBe("Payment failed");
    expect(banner.querySelector("p")?.textContent).toBe(
      "Your payment failed on Dec 1, 2025. Your Pro plan ends on Dec 8, 2025 unless the payment goes through. Until then everything in your plan keeps working; after it the account moves to the Free plan, and properties over its limit are kept but paused.",
    );
    expect(
      within(banner).getByRole("link", { name: "Update payment method" }).getAttribute("href"),
    ).toBe("/settings/billing");
  });

  it("tells a member the workspace's plan ends, without a payment link", async () => {
    arrange(makeWorkspace({ role: "member", ownerTier: "pro", ownerPaymentGrace: grace }), []);

    const banner = await screen.findByRole("alert");
    expect(banner.querySelector("p")?.textContent).toBe(
      "The workspace owner's payment failed on Dec 1, 2025. This workspace's Pro plan ends on Dec 8, 2025 unless the payment goes through; after it the workspace moves to the Free plan.",
    );
    expect(within(banner).queryByRole("link")).toBeNull();
  });

  it("shows no notice while payments go through", async () => {
    arrange(makeWorkspace({ ownerTier: "pro" }), []);

    expect(await screen.findByText("No analytics properties connected")).toBeTruthy();
    expect(screen.queryByText("Payment failed")).toBeNull();
  });
});
