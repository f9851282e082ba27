import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { GoogleConnectionResponse } from "@utmost/contracts";
import { describe, expect, it, vi } from "vitest";
import { isReconnect, rememberOnboardingConnect, rememberReconnect } from "@/lib/storage";
import { makeMe } from "@/testing/billing";
import { makeDataSource, makeRunningScan, makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { toastOf } from "@/testing/toasts";
import { ConnectDataSourceRoute } from "./connect-data-source";

type Handlers = Parameters<typeof stubFetch>[0];

const workspace = makeWorkspace();
const connectionId = crypto.randomUUID();
const connection: GoogleConnectionResponse = {
  workspaceId: workspace.id,
  accounts: [
    {
      displayName: "Acme Inc.",
      propertySummaries: [
        {
          property: "properties/111",
          displayName: "Acme Store",
          propertyType: "PROPERTY_TYPE_ORDINARY",
        },
        {
          property: "properties/222",
          displayName: "Acme Blog",
          propertyType: "PROPERTY_TYPE_ORDINARY",
        },
      ],
    },
    {
      displayName: "Client Co",
      propertySummaries: [
        {
          property: "properties/333",
          displayName: "Client Shop",
          propertyType: "PROPERTY_TYPE_SUBPROPERTY",
        },
      ],
    },
  ],
};

function arrange(path: string, extra: Handlers = {}) {
  const fetchMock = stubFetch({
    "GET /api/session": () => jsonResponse(200, makeMe()),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
    [`GET /api/oauth/google/connections/${connectionId}`]: () => jsonResponse(200, connection),
    ...extra,
  });
  const rendered = renderRoutes(
    [
      { path: "/connect-data-source", element: <ConnectDataSourceRoute /> },
      { path: "/dashboard", element: <p>Dashboard page</p> },
      { path: "/onboarding", element: <p>Onboarding page</p> },
      { path: "/data-sources", element: <p>Analytics properties page</p> },
    ],
    path,
  );
  return { fetchMock, ...rendered };
}

/** The title of the toast a description belongs to. */
function toastTitle(description: HTMLElement): string | null | undefined {
  return description.closest("[data-sonner-toast]")?.querySelector("[data-title]")?.textContent;
}

const saved = (withScan: boolean) => {
  const dataSource = makeDataSource({ workspaceId: workspace.id, name: "Acme Blog" });
  return jsonResponse(201, {
    dataSource,
    scan: withScan ? makeRunningScan({ dataSourceId: dataSource.id, scanType: "connect" }) : null,
  });
};

describe("/connect-data-source", () => {
  it("sends the browser to Google's consent page for the selected workspace", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { fetchMock } = arrange("/connect-data-source", {
      "POST /api/oauth/google/init": () =>
        jsonResponse(200, { oauthUrl: "https://accounts.example.test/consent" }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Authorize Google Analytics" }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://accounts.example.test/consent"),
    );
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/init"));
    expect(JSON.parse(String(init?.[1]?.body))).toEqual({ workspaceId: workspace.id });
  });

  it("forgets a reconnect left unfinished when a new connection starts", async () => {
    rememberReconnect();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    arrange("/connect-data-source", {
      "POST /api/oauth/google/init": () =>
        jsonResponse(200, { oauthUrl: "https://accounts.example.test/consent" }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Authorize Google Analytics" }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(isReconnect()).toBe(false);
  });

  it("leaves the workspace to the server when none is selected", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const fetchMock = stubFetch({
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
      "POST /api/oauth/google/init": () =>
        jsonResponse(200, { oauthUrl: "https://accounts.example.test/consent" }),
    });
    renderRoutes(
      [{ path: "/connect-data-source", element: <ConnectDataSourceRoute /> }],
      "/connect-data-source",
    );

    fireEvent.click(await screen.findByRole("button", { name: "Authorize Google Analytics" }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/init"));
    expect(JSON.parse(String(init?.[1]?.body))).toEqual({});
  });

  it("announces a refused authorization and drops the message from the address", async () => {
    const { router } = arrange("/connect-data-source?error=access_denied");

    expect(await screen.findByText("Authorization failed")).toBeTruthy();
    expect(screen.getByText("access_denied")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByRole("button", { name: "Authorize Google Analytics" })).toBeTruthy();
  });

  it("says 'Failed to reconnect' when a reconnect comes back refused, and goes to the properties", async () => {
    rememberReconnect();
    const message = "This Google account cannot access the Analytics property";
    const { router } = arrange(`/connect-data-source?error=${encodeURIComponent(message)}`);

    expect(toastOf(await screen.findByText(message))).toEqual({
      title: "Failed to reconnect",
      description: message,
      type: "error",
    });
    expect(await screen.findByText("Analytics properties page")).toBeTruthy();
    expect(router.state.location.search).toBe("");
    expect(screen.queryByText("Authorization failed")).toBeNull();
    expect(isReconnect()).toBe(false);
  });

  it("lists the properties by account with the first one chosen, and saves the choice", async () => {
    let body: unknown;
    const { router } = arrange(`/connect-data-source?connection=${connectionId}`, {
      "POST /api/data-sources": (request) => {
        body = request.body;
        return saved(true);
      },
    });

    expect(await screen.findByRole("group", { name: "Acme Inc." })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Client Co" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Acme Store" })).toHaveProperty("ariaChecked", "true");
    fireEvent.click(screen.getByRole("radio", { name: "Acme Blog" }));
    expect(screen.getByRole("radio", { name: "Acme Blog" })).toHaveProperty("ariaChecked", "true");
    fireEvent.click(screen.getByRole("button", { name: "Save Analytics Property" }));

    expect(await screen.findByText("All Set! Running Your First Audit")).toBeTruthy();
    expect(screen.getByText("Your results will be ready in 30-60 seconds.")).toBeTruthy();
    expect(body).toEqual({ connectionId, property: "properties/222" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("says the property is connected when its first audit could not start", async () => {
    arrange(`/connect-data-source?connection=${connectionId}`, {
      "POST /api/data-sources": () => saved(false),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Save Analytics Property" }));
    expect(await screen.findByText("Property Connected Successfully")).toBeTruthy();
    expect(screen.getByText("Head to your dashboard to run your first UTM audit")).toBeTruthy();
  });

  it("returns to onboarding's scan step when the connection started there", async () => {
    rememberOnboardingConnect();
    const { router } = arrange(`/connect-data-source?connection=${connectionId}`, {
      "POST /api/data-sources": () => saved(true),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Save Analytics Property" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/onboarding"));
    expect(router.state.location.search).toBe("?step=scan");
    expect(window.sessionStorage.length).toBe(0);
  });

  it("explains the plan limit when the server refuses another property", async () => {
    const { router } = arrange(`/connect-data-source?connection=${connectionId}`, {
      "POST /api/data-sources": () =>
        jsonResponse(403, {
          error: { code: "DATA_SOURCE_LIMIT_REACHED", message: "Analytics property limit reached" },
        }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Save Analytics Property" }));
    expect(await screen.findByText("Analytics property limit reached")).toBeTruthy();
    expect(
      screen.getByText("Please upgrade your plan to add more analytics properties"),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/connect-data-source");
    expect(screen.getByRole("button", { name: "Save Analytics Property" })).toHaveProperty(
      "disabled",
      false,
    );
  });

  it("has nothing to save, and says so, when Google listed no property", async () => {
    const fetchMock = stubFetch({
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
      [`GET /api/oauth/google/connections/${connectionId}`]: () =>
        jsonResponse(200, { workspaceId: workspace.id, accounts: [] }),
    });
    renderRoutes(
      [{ path: "/connect-data-source", element: <ConnectDataSourceRoute /> }],
      `/connect-data-source?connection=${connectionId}`,
    );

    const save = await screen.findByRole("button", { name: "Save Analytics Property" });
    expect(save).toHaveProperty("disabled", true);
    expect(save.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("Please select a GA4 property")).toBeTruthy();
    fireEvent.click(save);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("says the limit is reached before the trip to Google", async () => {
    stubFetch({
      "GET /api/session": () => jsonResponse(200, makeMe()),
      "GET /api/workspaces": () =>
        jsonResponse(200, {
          workspaces: [
            { ...workspace, ownerId: "u1", dataSourceLimit: 1, ownerDataSourcesUsed: 1 },
          ],
        }),
    });
    renderRoutes(
      [{ path: "/connect-data-source", element: <ConnectDataSourceRoute /> }],
      "/connect-data-source",
    );

    expect(await screen.findByText("Analytics property limit reached")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Authorize Google Analytics" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(
      (await screen.findByRole("link", { name: "Upgrade your plan" })).getAttribute("href"),
    ).toBe("/settings/billing");
  });

  it("shows the spec's limit toast when the server refuses to start a connection", async () => {
    arrange("/connect-data-source", {
      "POST /api/oauth/google/init": () =>
        jsonResponse(403, {
          error: { code: "DATA_SOURCE_LIMIT_REACHED", message: "Analytics property limit reached" },
        }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Authorize Google Analytics" }));
    expect(
      toastOf(await screen.findByText("Please upgrade your plan to add more analytics properties")),
    ).toEqual({
      title: "Analytics property limit reached",
      description: "Please upgrade your plan to add more analytics properties",
      type: "error",
    });
    expect(screen.queryByText(/Failed to start connection/)).toBeNull();
  });

  it("says why authorization could not start, and lets the user try again", async () => {
    arrange("/connect-data-source", {
      "POST /api/oauth/google/init": () =>
        jsonResponse(503, {
          error: { code: "GOOGLE_NOT_CONFIGURED", message: "Google is not configured" },
        }),
    });

    const authorize = await screen.findByRole("button", { name: "Authorize Google Analytics" });
    fireEvent.click(authorize);
    expect(
      await screen.findByText("Failed to start connection: Google is not configured"),
    ).toBeTruthy();
    expect(authorize).toHaveProperty("disabled", false);
  });

  it("says the properties could not be loaded and offers to authorize again", async () => {
    arrange(`/connect-data-source?connection=${connectionId}`, {
      [`GET /api/oauth/google/connections/${connectionId}`]: () =>
        jsonResponse(404, {
          error: { code: "NOT_FOUND", message: "This Google authorization has expired." },
        }),
    });

    expect(toastTitle(await screen.findByText("Failed to load Google Analytics properties"))).toBe(
      "Error",
    );
    expect(screen.getByRole("button", { name: "Authorize Google Analytics" })).toBeTruthy();
  });
});
