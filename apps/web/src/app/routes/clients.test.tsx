import { fireEvent, screen, within } from "@testing-library/react";
import type { PortfolioProperty } from "@utmost/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getSelectedWorkspaceId } from "@/lib/storage";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { ClientsRoute } from "./clients";

const NORTH = "11111111-1111-4111-8111-111111111111";
const SOUTH = "22222222-2222-4222-8222-222222222222";

function row(overrides: Partial<PortfolioProperty>): PortfolioProperty {
  return {
    dataSourceId: crypto.randomUUID(),
    name: "Property",
    ga4PropertyId: "312456789",
    workspaceId: NORTH,
    workspaceName: "North Agency",
    status: "active",
    healthScore: 70,
    healthGrade: "B",
    previousHealthScore: 70,
    scoreChange: 0,
    criticalIssuesCount: 0,
    lastScanAt: "2025-11-03T09:00:00.000Z",
    lastScanStatus: "completed",
    ...overrides,
  };
}

const ROWS = [
  row({
    name: "Acme Store",
    healthScore: 88,
    healthGrade: "A",
    previousHealthScore: 80,
    scoreChange: 8,
  }),
  row({
    name: "Beta Blog",
    workspaceId: SOUTH,
    workspaceName: "South Clients",
    healthScore: 38,
    healthGrade: "D",
    previousHealthScore: 55,
    scoreChange: -17,
    criticalIssuesCount: 3,
  }),
  row({
    name: "Cobalt Shop",
    workspaceId: SOUTH,
    workspaceName: "South Clients",
    status: "needs_reconnect",
    healthScore: null,
    healthGrade: null,
    previousHealthScore: null,
    scoreChange: null,
    lastScanAt: "2025-11-04T09:00:00.000Z",
    lastScanStatus: "failed",
  }),
  row({ name: "Delta Docs", healthScore: 63, healthGrade: "B", scoreChange: null }),
];

function arrange(response: () => Response) {
  stubFetch({ "GET /api/portfolio": response });
  return renderRoutes(
    [
      { path: "/clients", element: <ClientsRoute /> },
      { path: "/data-sources/:id/health", element: <p>Health report</p> },
    ],
    "/clients",
  );
}

const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((tr) => within(tr).getAllByRole("cell")[0]?.querySelector("a")?.textContent);

const header = (name: string) => screen.getByRole("columnheader", { name });

async function choose(combobox: string, option: string) {
  fireEvent.keyDown(screen.getByRole("combobox", { name: combobox }), { key: "Enter" });
  fireEvent.keyDown(await screen.findByRole("option", { name: option }), { key: "Enter" });
}

describe("/clients", () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("lists every property with the lowest score first and the unaudited last", async () => {
    arrange(() => jsonResponse(200, { properties: ROWS }));
    expect(await screen.findByText("4 properties across 2 workspaces")).toBeTruthy();
    expect(names()).toEqual(["Beta Blog", "Delta Docs", "Acme Store", "Cobalt Shop"]);
    expect(header("Score").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Property").getAttribute("aria-sort")).toBe("none");

    const beta = screen.getByRole("row", { name: /Beta Blog/ });
    expect(within(beta).getByText("South Clients")).toBeTruthy();
    expect(within(beta).getByText("38").className).toContain("text-destructive");
    expect(within(beta).getByLabelText("Grade D")).toBeTruthy();
    expect(within(beta).getByText("Down 17 points")).toBeTruthy();
    expect(within(beta).getByText("3")).toBeTruthy();
    const acme = screen.getByRole("row", { name: /Acme Store/ });
    expect(within(acme).getByText("Up 8 points")).toBeTruthy();
    expect(within(acme).getByText("88").className).toContain("text-success");
    const cobalt = screen.getByRole("row", { name: /Cobalt Shop/ });
    expect(within(cobalt).getByText("Not audited")).toBeTruthy();
    expect(within(cobalt).getByText("No previous scan")).toBeTruthy();
    expect(within(cobalt).getByText("Needs reconnect")).toBeTruthy();
    expect(within(cobalt).getByText("Failed")).toBeTruthy();
  });

  it("sorts by the clicked column, and the other way on a second click", async () => {
    arrange(() => jsonResponse(200, { properties: ROWS }));
    await screen.findByText("4 properties across 2 workspaces");

    fireEvent.click(within(header("Score")).getByRole("button"));
    expect(header("Score").getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Acme Store", "Delta Docs", "Beta Blog", "Cobalt Shop"]);

    fireEvent.click(within(header("Property")).getByRole("button"));
    expect(header("Property").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Score").getAttribute("aria-sort")).toBe("none");
    expect(names()).toEqual(["Acme Store", "Beta Blog", "Cobalt Shop", "Delta Docs"]);

    fireEvent.click(within(header("Trend")).getByRole("button"));
    expect(names()).toEqual(["Beta Blog", "Acme Store", "Cobalt Shop", "Delta Docs"]);

    fireEvent.click(within(header("Critical")).getByRole("button"));
    fireEvent.click(within(header("Critical")).getByRole("button"));
    expect(names()[0]).toBe("Beta Blog");

    fireEvent.click(within(header("Status")).getByRole("button"));
    expect(names()[0]).toBe("Cobalt Shop");

    fireEvent.click(within(header("Last scan")).getByRole("button"));
    fireEvent.click(within(header("Last scan")).getByRole("button"));
    expect(names()[0]).toBe("Cobalt Shop");

    fireEvent.click(within(header("Workspace")).getByRole("button"));
    expect(names()).toEqual(["Acme Store", "Delta Docs", "Beta Blog", "Cobalt Shop"]);
  });

  it("filters by text, workspace and status", async () => {
    arrange(() => jsonResponse(200, { properties: ROWS }));
    await screen.findByText("4 properties across 2 workspaces");

    const search = screen.getByRole("searchbox", { name: "Search properties and workspaces" });
    fireEvent.change(search, { target: { value: "south" } });
    expect(names()).toEqual(["Beta Blog", "Cobalt Shop"]);
    expect(screen.getByText("2 of 4 properties")).toBeTruthy();
    fireEvent.change(search, { target: { value: "ACME" } });
    expect(names()).toEqual(["Acme Store"]);
    fireEvent.change(search, { target: { value: "" } });

    await choose("Workspace", "North Agency");
    expect(names()).toEqual(["Delta Docs", "Acme Store"]);

    await choose("Workspace", "All workspaces");
    await choose("Status", "Needs reconnect");
    expect(names()).toEqual(["Cobalt Shop"]);

    await choose("Workspace", "North Agency");
    expect(screen.getByText("No properties match these filters.")).toBeTruthy();
  });

  it("opens a property's report in its workspace", async () => {
    const { router } = arrange(() => jsonResponse(200, { properties: ROWS }));
    const link = await screen.findByRole("link", { name: "Beta Blog" });
    const beta = ROWS[1] as PortfolioProperty;
    expect(link.getAttribute("href")).toBe(`/data-sources/${beta.dataSourceId}/health`);
    fireEvent.click(link);
    expect(getSelectedWorkspaceId()).toBe(SOUTH);
    expect(await screen.findByText("Health report")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/data-sources/${beta.dataSourceId}/health`);
  });

  it("says there is nothing yet when no workspace has a property", async () => {
    arrange(() => jsonResponse(200, { properties: [] }));
    expect(await screen.findByText("No properties yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect a Property" }).getAttribute("href")).toBe(
      "/connect-data-source",
    );
  });

  it("shows the upgrade notice instead of the table on a plan without it", async () => {
    arrange(() =>
      jsonResponse(403, {
        error: {
          code: "PLAN_UPGRADE_REQUIRED",
          message:
            "The multi-client dashboard is part of the Agency plan. Upgrade to see every client in one place.",
        },
      }),
    );
    expect(
      await screen.findByText("Multi-client dashboards are part of the Agency plan and above."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade your plan" }).getAttribute("href")).toBe(
      "/settings/billing",
    );
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says why the list could not load", async () => {
    arrange(() => jsonResponse(500, { error: { code: "INTERNAL", message: "Database down" } }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not load your clients: Database down",
    );
  });
});
