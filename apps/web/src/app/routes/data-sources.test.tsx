import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { isReconnect, rememberReconnect } from "@/lib/storage";
import { makeDataSource, makeRunningScan, makeScan, makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { DataSourcesRoute } from "./data-sources";

const me = {
  user: {
    id: "u1",
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    createdAt: "2025-11-01T00:00:00.000Z",
  },
  isAdmin: false,
  onboardingCompleted: true,
  subscription: { tier: "free", status: "active", dataSourceLimit: 1, dataSourcesUsed: 1 },
};

const workspace = makeWorkspace({ dataSourceLimit: 5, dataSourceCount: 2 });
const store = makeDataSource({
  workspaceId: workspace.id,
  name: "Acme Store",
  ga4PropertyId: "312456789",
  isActive: true,
  pausedByPlan: false,
  lastSyncedAt: null,
  createdAt: "2025-10-01T12:00:00.000Z",
  latestScan: makeScan({ healthScore: 45, healthGrade: "D" }),
});
const blog = makeDataSource({
  workspaceId: workspace.id,
  name: "Acme Blog",
  isActive: false,
  pausedByPlan: false,
  latestScan: makeRunningScan(),
});

function render(path = "/data-sources") {
  return renderRoutes([{ path: "/data-sources", element: <DataSourcesRoute /> }], path);
}

function stubList(extra: Parameters<typeof stubFetch>[0] = {}, dataSources = [store, blog]) {
  return stubFetch({
    "GET /api/session": () => jsonResponse(200, me),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
    [`GET /api/workspaces/${workspace.id}/data-sources`]: () => jsonResponse(200, { dataSources }),
    ...extra,
  });
}

describe("/data-sources", () => {
  it("lists each property with its type, score, status and dates", async () => {
    stubList();
    render();

    const storeRow = (await screen.findByText("Acme Store")).closest("tr") as HTMLElement;
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Name",
      "Type",
      "Health Score",
      "Status",
      "Last Synced",
      "Connected",
      "Actions",
    ]);
    const row = within(storeRow);
    expect(row.getByText("Google Analytics 4")).toBeTruthy();
    expect(row.getByText("45").className).toContain("text-warning");
    expect(row.getByText("Active")).toBeTruthy();
    expect(row.getByText("Never")).toBeTruthy();
    expect(row.getByText("Oct 1, 2025")).toBeTruthy();
    expect(row.getByRole("link", { name: "View Report" }).getAttribute("href")).toBe(
      `/data-sources/${store.id}/health`,
    );
    const blogRow = within(screen.getByText("Acme Blog").closest("tr") as HTMLElement);
    expect(blogRow.getByText("Inactive")).toBeTruthy();
    expect(blogRow.getByText("Running...")).toBeTruthy();
  });

  it("deletes a property after confirmation", async () => {
    let deleted = false;
    const fetchMock = stubList({
      [`DELETE /api/data-sources/${store.id}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    render();

    const row = within((await screen.findByText("Acme Store")).closest("tr") as HTMLElement);
    fireEvent.click(row.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete analytics property?" });
    expect(deleted).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete Property" }));

    expect(await screen.findByText("Analytics property deleted")).toBeTruthy();
    expect(deleted).toBe(true);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const deleteCalls = fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE");
    expect(deleteCalls).toHaveLength(1);
  });

  it("says so when deleting fails and keeps the dialog open", async () => {
    stubList({
      [`DELETE /api/data-sources/${store.id}`]: () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Database unavailable" } }),
    });
    render();

    const row = within((await screen.findByText("Acme Store")).closest("tr") as HTMLElement);
    fireEvent.click(row.getByRole("button", { name: "Delete" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete Property" }));

    expect(await screen.findByText("Failed to delete analytics property")).toBeTruthy();
    expect(screen.getByText("Database unavailable")).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("reconnects a property through Google with its id", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const fetchMock = stubList({
      "POST /api/oauth/google/init": () =>
        jsonResponse(200, { oauthUrl: "https://accounts.example.test/consent" }),
    });
    render();

    const row = within((await screen.findByText("Acme Blog")).closest("tr") as HTMLElement);
    fireEvent.click(row.getByRole("button", { name: "Reconnect" }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://accounts.example.test/consent"),
    );
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/init"));
    expect(JSON.parse(String(init?.[1]?.body))).toEqual({
      workspaceId: workspace.id,
      dataSourceId: blog.id,
    });
    // Google's answer comes back to the connect page, which reads this to say 'Failed to reconnect'.
    expect(isReconnect()).toBe(true);
  });

  it("ends the reconnect once it is announced", async () => {
    rememberReconnect();
    stubList();
    render(`/data-sources?reconnected=${store.id}`);

    expect(await screen.findByText("Reconnected Successfully")).toBeTruthy();
    expect(isReconnect()).toBe(false);
  });

  it("announces a finished reconnect and drops the flag", async () => {
    stubList();
    const { router } = render(`/data-sources?reconnected=${store.id}`);

    expect(await screen.findByText("Reconnected Successfully")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("shows the empty state without properties", async () => {
    stubList({}, []);
    render();
    expect(await screen.findByText("No analytics properties connected")).toBeTruthy();
  });

  it("asks for a workspace when there is none", async () => {
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    });
    render();
    expect(await screen.findByText("Please select a workspace first")).toBeTruthy();
  });
});
