import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { WorkspaceSummary } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { makeBillingOverview } from "@/testing/billing";
import { makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { SettingsRoute } from "./settings";

const me = {
  user: {
    id: "u1",
    fullName: "ada lovelace byron",
    email: "ada@example.com",
    createdAt: "2025-11-01T00:00:00.000Z",
  },
  isAdmin: false,
  onboardingCompleted: true,
  subscription: { tier: "free", status: "active", dataSourceLimit: 1, dataSourcesUsed: 0 },
};

type Handlers = Parameters<typeof stubFetch>[0];

function renderSettings(path: string, workspaces: WorkspaceSummary[], extra: Handlers = {}) {
  const fetchMock = stubFetch({
    "GET /api/session": () => jsonResponse(200, me),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces }),
    "GET /api/billing": () => jsonResponse(200, makeBillingOverview()),
    // The profile tab's "Where you're signed in" card lists them.
    "GET /api/me/sessions": () => jsonResponse(200, { sessions: [] }),
    // The workspace tab's naming-conventions card reads them for every plan.
    ...Object.fromEntries(
      workspaces.map((workspace) => [
        `GET /api/workspaces/${workspace.id}/conventions`,
        () => jsonResponse(200, { conventions: {}, updatedAt: null }),
      ]),
    ),
    ...extra,
  });
  const rendered = renderRoutes(
    [
      { path: "/settings", element: <SettingsRoute tab="profile" /> },
      { path: "/settings/profile", element: <SettingsRoute tab="profile" /> },
      { path: "/settings/workspace", element: <SettingsRoute tab="workspace" /> },
      { path: "/settings/billing", element: <SettingsRoute tab="billing" /> },
      { path: "/dashboard", element: <p>Dashboard page</p> },
    ],
    path,
  );
  return { ...rendered, fetchMock };
}

describe("/settings", () => {
  it("opens on the profile tab, and each tab has its own route", async () => {
    const { router } = renderSettings("/settings", [makeWorkspace()]);
    expect(await screen.findByRole("tab", { name: "Profile", selected: true })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Billing" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/billing"));
    expect(await screen.findByText("Free Plan")).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Workspace" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/workspace"));
  });

  it("edits the full name, with the email read-only and the initials in the avatar", async () => {
    const { fetchMock } = renderSettings("/settings/profile", [], {
      "PATCH /api/me": ({ body }) =>
        jsonResponse(200, { ...me, user: { ...me.user, ...(body as object) } }),
    });
    const email = (await screen.findByLabelText("Email")) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(screen.getByText("Contact support to change your email address")).toBeTruthy();
    expect(screen.getByText("AL")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Grace Hopper" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Profile updated successfully")).toBeTruthy();
    expect(await screen.findByText("GH")).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ fullName: "Grace Hopper" });
  });

  it("toasts when the profile cannot be saved", async () => {
    renderSettings("/settings/profile", [], {
      "PATCH /api/me": () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Something went wrong" } }),
    });
    fireEvent.change(await screen.findByLabelText("Full name"), {
      target: { value: "Grace Hopper" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update profile")).toBeTruthy();
  });

  it("says so when no workspace is selected", async () => {
    renderSettings("/settings/workspace", []);
    expect(await screen.findByText("No workspace selected")).toBeTruthy();
  });

  it("lets the owner rename the workspace", async () => {
    const workspace = makeWorkspace({ name: "Acme", role: "owner" });
    const { fetchMock } = renderSettings("/settings/workspace", [workspace], {
      [`PATCH /api/workspaces/${workspace.id}`]: ({ body }) =>
        jsonResponse(200, { workspace: { ...workspace, ...(body as object) } }),
    });
    const name = await screen.findByLabelText("Workspace name");
    fireEvent.change(name, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Workspace name is required")).toBeTruthy();

    fireEvent.change(name, { target: { value: "Acme Agency" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Workspace updated successfully")).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ name: "Acme Agency" });
  });

  it("toasts the server's message when renaming fails", async () => {
    const workspace = makeWorkspace({ name: "Acme", role: "owner" });
    renderSettings("/settings/workspace", [workspace], {
      [`PATCH /api/workspaces/${workspace.id}`]: () =>
        jsonResponse(403, {
          error: {
            code: "FORBIDDEN",
            message: "Only the workspace owner can rename the workspace",
          },
        }),
    });
    fireEvent.change(await screen.findByLabelText("Workspace name"), {
      target: { value: "Acme Agency" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(
      await screen.findByText(
        "Failed to update workspace: Only the workspace owner can rename the workspace",
      ),
    ).toBeTruthy();
  });

  it("tells a non-owner why they cannot rename or delete", async () => {
    renderSettings("/settings/workspace", [makeWorkspace({ name: "Acme", role: "admin" })]);
    expect(await screen.findByText("Only the owner can change this workspace")).toBeTruthy();
    expect((screen.getByLabelText("Workspace name") as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Workspace" })).toBeNull();
  });

  it("deletes the selected workspace, clears the selection and goes to the dashboard", async () => {
    const workspace = makeWorkspace({ name: "Acme", role: "owner" });
    const other = makeWorkspace({ name: "Other" });
    window.localStorage.setItem("selectedWorkspaceId", workspace.id);
    const { fetchMock } = renderSettings("/settings/workspace", [workspace, other], {
      [`DELETE /api/workspaces/${workspace.id}`]: () => new Response(null, { status: 204 }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Delete Workspace" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(dialog.getByText("Delete Acme?")).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Delete Workspace" }));

    expect(await screen.findByText("Dashboard page")).toBeTruthy();
    expect(screen.getByText("Workspace deleted successfully")).toBeTruthy();
    expect(window.localStorage.getItem("selectedWorkspaceId")).toBeNull();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => init?.method === "DELETE" && String(input).endsWith(workspace.id),
      ),
    ).toBe(true);
  });
});
