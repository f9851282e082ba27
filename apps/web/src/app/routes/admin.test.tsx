import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  ADMIN_ACTIVITY_REFRESH_MS,
  ADMIN_STATS_REFRESH_MS,
  type AdminRecentScan,
  type AdminStats,
  type AdminUser,
  type AdminWorkspace,
} from "@utmost/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { AdminRoute } from "./admin";

const stats: AdminStats = {
  totalUsers: 1234,
  totalWorkspaces: 87,
  totalScans: 5021,
  usersByTier: { free: 1100, pro: 80, advanced: 50, agency: 4 },
  scansRunning: 3,
  scansToday: 42,
  averageScore: 79.66,
  scanErrors7d: { failed: 2, total: 6, rate: 2 / 6 },
  topIssueTypes: [
    { issueType: "case-inconsistency", count: 31, criticalCount: 0 },
    { issueType: "internal-utm-links", count: 12, criticalCount: 12 },
  ],
};

const recentScans: AdminRecentScan[] = [
  {
    id: "s1",
    status: "failed",
    healthScore: null,
    healthGrade: null,
    errorMessage: "Google said no",
    createdAt: "2025-11-05T09:00:00.000Z",
    dataSourceId: "d1",
    dataSourceName: "Acme Store",
    workspaceName: "Acme Team",
  },
  {
    id: "s2",
    status: "completed",
    healthScore: 91,
    healthGrade: "A",
    errorMessage: null,
    createdAt: "2025-11-05T08:00:00.000Z",
    dataSourceId: "d2",
    dataSourceName: "Beta Blog",
    workspaceName: "Beta Personal",
  },
];

function makeUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: "u2",
    fullName: "Rita Regular",
    email: "rita@example.com",
    createdAt: "2025-10-01T00:00:00.000Z",
    roles: [],
    subscription: { tier: "free", status: "active", dataSourceLimit: 1, dataSourcesUsed: 1 },
    billing: { source: "free" },
    ...overrides,
  };
}

const adminUser = makeUser({
  id: "u1",
  fullName: "Ada Admin",
  email: "ada@example.com",
  roles: ["admin"],
  subscription: { tier: "agency", status: "active", dataSourceLimit: 25, dataSourcesUsed: 3 },
  billing: { source: "complimentary", since: "2025-11-03T12:00:00.000Z" },
});

const payingUser = makeUser({
  id: "u4",
  fullName: "Paula Paying",
  email: "paula@example.com",
  subscription: { tier: "advanced", status: "active", dataSourceLimit: 5, dataSourcesUsed: 2 },
  billing: { source: "dodo" },
});

/** The text of a table row's cell, by the column name it carries on phones. */
function cell(row: HTMLElement, column: string): string | null | undefined {
  return row.querySelector(`[data-label="${column}"]`)?.textContent;
}

const workspace: AdminWorkspace = {
  id: "w1",
  name: "Acme Team",
  type: "team",
  createdAt: "2025-10-02T00:00:00.000Z",
  owner: { id: "u2", fullName: "Rita Regular", email: "rita@example.com" },
  members: [
    { userId: "u2", fullName: "Rita Regular", email: "rita@example.com", role: "owner" },
    { userId: "u3", fullName: "Sam Helper", email: "sam@example.com", role: "admin" },
  ],
  dataSources: [
    { id: "d1", name: "Acme Store", ga4PropertyId: "312456789", isActive: true },
    { id: "d3", name: "Acme Outlet", ga4PropertyId: "312456790", isActive: false },
  ],
};

type Handlers = Parameters<typeof stubFetch>[0];

function arrange(path: string, extra: Handlers = {}) {
  const fetchMock = stubFetch({
    "GET /api/admin/stats": () => jsonResponse(200, stats),
    "GET /api/admin/recent-scans": () => jsonResponse(200, { scans: recentScans }),
    "GET /api/admin/users": () => jsonResponse(200, { users: [adminUser, makeUser()] }),
    "GET /api/admin/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
    ...extra,
  });
  const rendered = renderRoutes([{ path: "/admin", element: <AdminRoute /> }], path);
  return { fetchMock, ...rendered };
}

function patches(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === "PATCH")
    .map(([input, init]) => ({
      path: String(input),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    }));
}

/** Picks `option` in the Radix select labelled `label`. */
async function choose(scope: ReturnType<typeof within>, label: string, option: string) {
  fireEvent.keyDown(scope.getByRole("combobox", { name: label }), { key: "Enter" });
  fireEvent.keyDown(await screen.findByRole("option", { name: option }), { key: "Enter" });
}

const region = (name: string) => within(screen.getByRole("region", { name }));

describe("/admin", () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("shows the overview: totals, plans, average, error rate, top issues and recent scans", async () => {
    arrange("/admin");
    await screen.findByRole("region", { name: "Total Users" });
    expect(region("Total Users").getByText("1,234")).toBeTruthy();
    const plans = within(screen.getByRole("list", { name: "Users by plan" }));
    expect(plans.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Free: 1,100",
      "Pro: 80",
      "Team: 50",
      "Agency: 4",
    ]);
    expect(region("Workspaces").getByText("87")).toBeTruthy();
    expect(region("Total Scans").getByText("5,021")).toBeTruthy();
    expect(region("Scans Running").getByText("3")).toBeTruthy();
    expect(region("Scans Today").getByText("42")).toBeTruthy();
    expect(region("Average Score").getByText("79.7")).toBeTruthy();

    // 2 of 6 failed: above 5%, so destructive.
    const errorRate = screen.getByRole("region", { name: "Scan Error Rate (7 days)" });
    expect(within(errorRate).getByText("33.3%").className).toContain("text-destructive");
    expect(within(errorRate).getByText("2 failed of 6 scans")).toBeTruthy();
    expect(within(errorRate).getByText("Above the 5% threshold")).toBeTruthy();
    expect(errorRate.getAttribute("data-destructive")).toBe("true");

    const issues = within(screen.getByRole("list", { name: "Top issue types" }));
    const [first, second] = issues.getAllByRole("listitem");
    expect(first?.textContent).toBe("1.case-inconsistency31");
    expect(second?.textContent).toBe("2.internal-utm-links12 critical12");

    const recent = within(await screen.findByRole("list", { name: "Recent scans" }));
    const failed = within(recent.getByRole("listitem", { name: "Acme Store, Acme Team" }));
    expect(failed.getByText("Failed")).toBeTruthy();
    expect(failed.getByText("Google said no")).toBeTruthy();
    const completed = within(recent.getByRole("listitem", { name: "Beta Blog, Beta Personal" }));
    expect(completed.getByText("91")).toBeTruthy();
    expect(completed.getByLabelText("Grade A")).toBeTruthy();
  });

  it("keeps an error rate of 5% or less, or no scans, out of the destructive style", async () => {
    for (const scanErrors7d of [
      { failed: 1, total: 20, rate: 0.05 },
      { failed: 0, total: 0, rate: null },
    ]) {
      const { unmount } = arrange("/admin", {
        "GET /api/admin/stats": () => jsonResponse(200, { ...stats, scanErrors7d }),
      });
      const errorRate = await screen.findByRole("region", { name: "Scan Error Rate (7 days)" });
      expect(errorRate.getAttribute("data-destructive")).toBeNull();
      expect(within(errorRate).queryByText("Above the 5% threshold")).toBeNull();
      expect(
        within(errorRate).getByText(scanErrors7d.rate === null ? "No scans" : "5%").className,
      ).not.toContain("text-destructive");
      unmount();
    }
  });

  it("lists users with role, plan, status and usage, and switches tabs through the URL", async () => {
    const { router } = arrange("/admin");
    await screen.findByRole("region", { name: "Total Users" });
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Users" }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=users"));

    const ada = within((await screen.findByText("ada@example.com")).closest("tr") as HTMLElement);
    expect(ada.getByText("Admin")).toBeTruthy();
    expect(ada.getByText("Agency")).toBeTruthy();
    expect(ada.getByText("active")).toBeTruthy();
    expect(ada.getByText("3 / 25")).toBeTruthy();
    const ritaRow = screen.getByText("rita@example.com").closest("tr") as HTMLElement;
    const rita = within(ritaRow);
    expect(rita.queryByText("Admin")).toBeNull();
    expect(cell(ritaRow, "Plan")).toBe("Free");
    expect(rita.getByText("1 / 1")).toBeTruthy();
  });

  it("says who pays for each plan: Dodo, a complimentary plan since its day, or no one", async () => {
    arrange("/admin?tab=users", {
      "GET /api/admin/users": () =>
        jsonResponse(200, { users: [adminUser, payingUser, makeUser()] }),
    });
    const row = async (email: string) =>
      (await screen.findByText(email)).closest("tr") as HTMLElement;
    expect(cell(await row("ada@example.com"), "Billing")).toBe("Complimentary since Nov 3, 2025");
    expect(cell(await row("paula@example.com"), "Billing")).toBe("Paid through Dodo");
    expect(cell(await row("rita@example.com"), "Billing")).toBe("Free");
    expect(cell(await row("rita@example.com"), "Plan")).toBe("Free");
  });

  it("says before saving what the change does at Dodo", async () => {
    arrange("/admin?tab=users", {
      "GET /api/admin/users": () => jsonResponse(200, { users: [payingUser, makeUser()] }),
      "PATCH /api/admin/users/u4/subscription": () =>
        jsonResponse(502, {
          error: {
            code: "PAYMENT_PROVIDER_FAILED",
            message: "The payment provider could not cancel the subscription. Please try again.",
          },
        }),
    });
    fireEvent.click(
      await screen.findByRole("button", { name: "Edit subscription of Paula Paying" }),
    );
    const paying = within(await screen.findByRole("dialog", { name: "Edit Subscription" }));
    expect(paying.getByText("Paid through Dodo").parentElement?.textContent).toBe(
      "Now: Paid through Dodo",
    );
    // The same plan with another limit changes nothing at Dodo.
    expect(paying.queryByText(/Dodo subscription/)).toBeNull();
    await choose(paying, "Plan", "Agency");
    expect(
      paying.getByText(
        "Saving moves the customer's Dodo subscription to Agency now, prorated: an upgrade charges the difference for the rest of the period to their card.",
      ),
    ).toBeTruthy();
    await choose(paying, "Plan", "Free");
    expect(
      paying.getByText(
        "Saving cancels the customer's Dodo subscription now: nothing more is charged.",
      ),
    ).toBeTruthy();
    fireEvent.click(paying.getByRole("button", { name: "Save Changes" }));
    expect(
      await screen.findByText(
        "Failed to update subscription: The payment provider could not cancel the subscription. Please try again.",
      ),
    ).toBeTruthy();
    fireEvent.click(paying.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Edit subscription of Rita Regular" }));
    const free = within(await screen.findByRole("dialog", { name: "Edit Subscription" }));
    expect(free.getByText("Now:").textContent).toBe("Now: Free");
    expect(free.queryByText(/complimentary/)).toBeNull();
    await choose(free, "Plan", "Pro");
    expect(
      free.getByText(
        "No Dodo subscription: the plan is complimentary, nothing is charged, and Dodo's events do not change it.",
      ),
    ).toBeTruthy();
  });

  it("validates the edit inline and saves a new plan with the success toast", async () => {
    let users = [adminUser, makeUser()];
    const { fetchMock } = arrange("/admin?tab=users", {
      "GET /api/admin/users": () => jsonResponse(200, { users }),
      "PATCH /api/admin/users/u2/subscription": ({ body }) => {
        const updated = makeUser({
          subscription: {
            ...(body as { tier: "advanced"; dataSourceLimit: number }),
            status: "active",
            dataSourcesUsed: 1,
          },
        });
        users = [adminUser, updated];
        return jsonResponse(200, { user: updated });
      },
    });
    fireEvent.click(
      await screen.findByRole("button", { name: "Edit subscription of Rita Regular" }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Subscription" }));
    expect(dialog.getByText("Rita Regular (rita@example.com)")).toBeTruthy();
    expect(dialog.getByRole("combobox", { name: "Plan" }).textContent).toBe("Free");
    const limit = dialog.getByLabelText<HTMLInputElement>("Analytics property limit");
    expect(limit.value).toBe("1");

    for (const [value, message] of [
      ["0", "Property limit must be at least 1"],
      ["", "Property limit must be a number"],
      ["1.5", "Property limit must be a whole number"],
    ] as const) {
      fireEvent.change(limit, { target: { value } });
      fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));
      expect(await dialog.findByText(message)).toBeTruthy();
      expect(limit.getAttribute("aria-invalid")).toBe("true");
    }
    expect(patches(fetchMock)).toEqual([]);

    // Choosing Team fills in the 5 properties it includes; the limit can still be changed.
    await choose(dialog, "Plan", "Team");
    expect(limit.value).toBe("5");
    expect(await dialog.findByText("Team includes 5 analytics properties")).toBeTruthy();
    expect(limit.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(limit, { target: { value: "7" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Subscription updated successfully")).toBeTruthy();
    expect(patches(fetchMock)).toEqual([
      {
        path: "/api/admin/users/u2/subscription",
        body: { tier: "advanced", dataSourceLimit: 7 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const rita = within((await screen.findByText("1 / 7")).closest("tr") as HTMLElement);
    expect(rita.getByText("Team")).toBeTruthy();
  });

  it("keeps the dialog open with the failure toast when the server refuses", async () => {
    arrange("/admin?tab=users", {
      "PATCH /api/admin/users/u2/subscription": () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "User not found" } }),
    });
    fireEvent.click(
      await screen.findByRole("button", { name: "Edit subscription of Rita Regular" }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Subscription" }));
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update subscription: User not found")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Edit Subscription" })).toBeTruthy();
  });

  it("lists workspaces with owner, members by role and properties", async () => {
    arrange("/admin?tab=workspaces");
    const row = within((await screen.findByText("Acme Team")).closest("tr") as HTMLElement);
    expect(row.getByText("team")).toBeTruthy();
    expect(row.getByText("rita@example.com")).toBeTruthy();
    const members = within(row.getByRole("list", { name: "Members of Acme Team" }));
    expect(members.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Rita RegularOwner",
      "Sam HelperAdmin",
    ]);
    const properties = within(row.getByRole("list", { name: "Analytics properties of Acme Team" }));
    expect(properties.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Acme Store312456789",
      "Acme Outlet312456790Inactive",
    ]);
  });

  it("polls system stats every 30 s and recent activity every 10 s on the System tab", async () => {
    const { queryClient } = arrange("/admin?tab=system");
    expect(await screen.findByRole("region", { name: "Scans Running" })).toBeTruthy();
    expect(await screen.findByRole("list", { name: "Recent scans" })).toBeTruthy();
    expect(screen.getAllByText(/^Last updated \d/)).toHaveLength(2);
    const interval = (key: string) =>
      queryClient
        .getQueryCache()
        .find({ queryKey: ["admin", key] })
        ?.observers.map((observer) => observer.options.refetchInterval);
    expect(interval("stats")).toEqual([ADMIN_STATS_REFRESH_MS]);
    expect(interval("recent-scans")).toEqual([ADMIN_ACTIVITY_REFRESH_MS]);
  });
});
