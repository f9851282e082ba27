import { fireEvent, screen, within } from "@testing-library/react";
import type { WorkspaceSummary } from "@utmost/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { WorkspaceSwitcher } from "./workspace-switcher";

function renderSwitcher(workspaces: WorkspaceSummary[], extra: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch({
    "GET /api/workspaces": () => jsonResponse(200, { workspaces }),
    ...extra,
  });
  renderRoutes([{ path: "/", element: <WorkspaceSwitcher collapsed={false} /> }], "/");
  return fetchMock;
}

describe("WorkspaceSwitcher", () => {
  // Radix sizes a radio group's hidden form input with ResizeObserver, which jsdom lacks.
  beforeEach(() => {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it("lists the workspaces and creates a team workspace that becomes the selected one", async () => {
    const current = makeWorkspace({ name: "Ada's Workspace", role: "owner" });
    const created = makeWorkspace({ name: "Acme Agency", type: "team", role: "owner" });
    let workspaces = [current];
    const fetchMock = renderSwitcher([], {
      "GET /api/workspaces": () => jsonResponse(200, { workspaces }),
      "POST /api/workspaces": () => {
        workspaces = [current, created];
        return jsonResponse(201, { workspace: created });
      },
    });

    fireEvent.keyDown(
      await screen.findByRole("button", { name: "Workspace: Ada's Workspace, personal" }),
      {
        key: "Enter",
      },
    );
    const menu = within(await screen.findByRole("menu"));
    expect(menu.getByRole("menuitem", { name: /Ada's Workspace/ })).toBeTruthy();
    fireEvent.click(menu.getByRole("menuitem", { name: "Create workspace" }));

    const dialog = within(await screen.findByRole("dialog"));
    const create = dialog.getByRole("button", { name: "Create Workspace" });
    expect(create).toHaveProperty("disabled", true);
    expect(dialog.getByRole("radio", { name: "Team" }).getAttribute("aria-checked")).toBe("true");

    // Spec §5: the name is required, and says so.
    const name = dialog.getByLabelText("Workspace name");
    fireEvent.blur(name);
    expect(await dialog.findByText("Workspace name is required")).toBeTruthy();

    fireEvent.change(name, { target: { value: "Acme Agency" } });
    expect(create).toHaveProperty("disabled", false);
    fireEvent.click(create);

    expect(await screen.findByText("Workspace created successfully")).toBeTruthy();
    expect(window.localStorage.getItem("selectedWorkspaceId")).toBe(created.id);
    expect(
      await screen.findByRole("button", { name: "Workspace: Acme Agency, team" }),
    ).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "Acme Agency", type: "team" });
  });

  it("creates a personal workspace when chosen, and toasts a failure", async () => {
    const fetchMock = renderSwitcher([], {
      "POST /api/workspaces": () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Something went wrong" } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: /Create workspace/ }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText("Workspace name"), { target: { value: "Mine" } });
    fireEvent.click(dialog.getByRole("radio", { name: "Personal" }));
    fireEvent.click(dialog.getByRole("button", { name: "Create Workspace" }));

    expect(
      await screen.findByText("Failed to create workspace: Something went wrong"),
    ).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "Mine", type: "personal" });
    expect(window.localStorage.getItem("selectedWorkspaceId")).toBeNull();
  });
});
