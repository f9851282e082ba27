import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { WorkspaceMember, WorkspaceRole, WorkspaceSummary } from "@utmost/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeDataSource, makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { makeInvitation, makeMember } from "@/testing/teams";
import { WorkspaceMembersRoute } from "./workspace-members";

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

const owner = makeMember({ userId: "owner", fullName: "Olive Owner", role: "owner" });

/** The rows the server sends a viewer of `role`: it computes what the viewer may do. */
function membersFor(role: WorkspaceRole): WorkspaceMember[] {
  const manages = role !== "member";
  return [
    { ...owner, isYou: role === "owner" },
    makeMember({
      userId: "u1",
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      role: role === "owner" ? "admin" : role,
      isYou: role !== "owner",
      canChangeRole: manages && role === "owner",
      canRemove: true,
    }),
    makeMember({
      userId: "u3",
      fullName: "Grace Hopper",
      canChangeRole: manages,
      canRemove: manages,
    }),
  ];
}

type Handlers = Parameters<typeof stubFetch>[0];

/** The page for a viewer of `role`; `extra(base)` adds handlers under the workspace's path. */
function arrange(
  role: WorkspaceRole,
  extra: (base: string) => Handlers = () => ({}),
  options: { workspace?: Partial<WorkspaceSummary>; members?: WorkspaceMember[] } = {},
) {
  const workspace = makeWorkspace({ name: "Acme Team", type: "team", role, ...options.workspace });
  const base = `/api/workspaces/${workspace.id}`;
  const fetchMock = stubFetch({
    "GET /api/session": () => jsonResponse(200, me),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
    [`GET ${base}/members`]: () =>
      jsonResponse(200, { viewerRole: role, members: options.members ?? membersFor(role) }),
    [`GET ${base}/invitations`]: () => jsonResponse(200, { invitations: [] }),
    ...extra(base),
  });
  renderRoutes(
    [
      { path: "/workspace/members", element: <WorkspaceMembersRoute /> },
      { path: "/dashboard", element: <p>Dashboard page</p> },
    ],
    "/workspace/members",
  );
  return { workspace, base, fetchMock };
}

function row(name: string) {
  return within(screen.getByRole("row", { name }));
}

function calls(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === path && (init?.method ?? "GET") === method,
  );
}

describe("/workspace/members", () => {
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("asks for a workspace when there is none", async () => {
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    });
    renderRoutes(
      [{ path: "/workspace/members", element: <WorkspaceMembersRoute /> }],
      "/workspace/members",
    );
    expect(await screen.findByText("Please select a workspace first")).toBeTruthy();
  });

  it("lets the owner change roles and remove anyone but the owner", async () => {
    const grace = membersFor("owner")[2] as WorkspaceMember;
    const { base, fetchMock } = arrange("owner", (base) => ({
      [`PATCH ${base}/members/u3`]: ({ body }) =>
        jsonResponse(200, { member: { ...grace, role: (body as { role: string }).role } }),
    }));
    await screen.findByRole("row", { name: "Grace Hopper" });

    // The owner's row offers nothing; every other row can be removed and re-roled.
    expect(row("Olive Owner").queryByRole("button")).toBeNull();
    expect(row("Olive Owner").queryByRole("combobox")).toBeNull();
    expect(row("Grace Hopper").getByRole("button", { name: "Remove Grace Hopper" })).toHaveProperty(
      "disabled",
      false,
    );

    Element.prototype.scrollIntoView = vi.fn();
    const select = row("Grace Hopper").getByRole("combobox", { name: "Role of Grace Hopper" });
    fireEvent.keyDown(select, { key: "Enter" });
    fireEvent.keyDown(await screen.findByRole("option", { name: "Admin" }), { key: "Enter" });

    expect(await screen.findByText("Role updated")).toBeTruthy();
    expect(screen.getByText("Grace Hopper is now admin.")).toBeTruthy();
    const [patch] = calls(fetchMock, "PATCH", `${base}/members/u3`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ role: "admin" });
  });

  it("removes a member after confirming", async () => {
    const { base, fetchMock } = arrange("admin");
    await screen.findByRole("row", { name: "Grace Hopper" });
    let removed = false;
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      const method = init?.method ?? "GET";
      if (method === "DELETE" && path === `${base}/members/u3`) {
        removed = true;
        return new Response(null, { status: 204 });
      }
      if (path === `${base}/members`) {
        const members = membersFor("admin").filter((m) => !(removed && m.userId === "u3"));
        return jsonResponse(200, { viewerRole: "admin", members });
      }
      if (path === `${base}/invitations`) return jsonResponse(200, { invitations: [] });
      if (path === "/api/workspaces") return jsonResponse(200, { workspaces: [] });
      return jsonResponse(200, me);
    });

    fireEvent.click(row("Grace Hopper").getByRole("button", { name: "Remove Grace Hopper" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Remove Member" }));

    expect(await screen.findByText("Member removed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("row", { name: "Grace Hopper" })).toBeNull());
  });

  it("shows a member the remove buttons disabled, and lets them leave", async () => {
    const { base, fetchMock } = arrange("member");
    await screen.findByRole("row", { name: "Grace Hopper" });

    const remove = row("Grace Hopper").getByRole("button", { name: "Remove Grace Hopper" });
    expect(remove).toHaveProperty("disabled", true);
    expect(remove.getAttribute("title")).toBe(
      "Only the workspace owner or an admin can remove members",
    );
    expect(row("Grace Hopper").queryByRole("combobox")).toBeNull();
    expect(row("Olive Owner").queryByRole("button")).toBeNull();

    // Members may not invite, nor read the invitations.
    expect(screen.getByRole("button", { name: "Send Invitation" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(
      screen.getAllByText("Only the workspace owner or an admin can invite members.").length,
    ).toBe(1);
    expect(calls(fetchMock, "GET", `${base}/invitations`)).toEqual([]);

    window.localStorage.setItem("selectedWorkspaceId", "anything");
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === "DELETE" && String(input) === `${base}/members/u1`) {
        return new Response(null, { status: 204 });
      }
      if (String(input) === "/api/workspaces") return jsonResponse(200, { workspaces: [] });
      return jsonResponse(200, me);
    });
    fireEvent.click(row("Ada Lovelace").getByRole("button", { name: "Leave" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Leave Workspace",
      }),
    );
    expect(await screen.findByText("Dashboard page")).toBeTruthy();
    expect(screen.getByText("You left the workspace")).toBeTruthy();
    expect(window.localStorage.getItem("selectedWorkspaceId")).toBeNull();
  });

  it("sends an invitation, lists it and cancels it", async () => {
    const invitation = makeInvitation({ invitedEmail: "sam@example.com", role: "admin" });
    let pending = [] as (typeof invitation)[];
    const { base, fetchMock } = arrange("owner");
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      const method = init?.method ?? "GET";
      if (path === `${base}/invitations` && method === "POST") {
        pending = [invitation];
        return jsonResponse(201, { invitation });
      }
      if (path === `${base}/invitations`) return jsonResponse(200, { invitations: pending });
      if (path === `${base}/invitations/${invitation.id}` && method === "DELETE") {
        pending = [];
        return new Response(null, { status: 204 });
      }
      if (path === `${base}/members`) {
        return jsonResponse(200, { viewerRole: "owner", members: membersFor("owner") });
      }
      return jsonResponse(200, me);
    });

    expect(await screen.findByText("No pending invitations")).toBeTruthy();
    const send = screen.getByRole("button", { name: "Send Invitation" });
    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByLabelText("Email address"), {
      target: { value: "sam@example.com" },
    });
    expect(send).toHaveProperty("disabled", false);
    fireEvent.click(send);

    expect(await screen.findByText("Invitation sent!")).toBeTruthy();
    expect(screen.getByText("An invitation has been sent to sam@example.com")).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      email: "sam@example.com",
      role: "member",
    });

    const item = within(await screen.findByRole("listitem", { name: "sam@example.com" }));
    expect(item.getByText("Pending")).toBeTruthy();
    fireEvent.click(item.getByRole("button", { name: "Cancel invitation for sam@example.com" }));
    // Cancelling asks first (issue 22).
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Cancel Invitation",
      }),
    );
    expect(await screen.findByText("Invitation cancelled")).toBeTruthy();
    expect(screen.getByText("The invitation has been removed")).toBeTruthy();
    expect(await screen.findByText("No pending invitations")).toBeTruthy();
  });

  it("toasts the server's message when an invitation cannot be sent", async () => {
    arrange("admin", (base) => ({
      [`POST ${base}/invitations`]: () =>
        jsonResponse(409, {
          error: {
            code: "ALREADY_MEMBER",
            message: "grace@example.com is already a member of this workspace",
          },
        }),
    }));
    await screen.findByText("No pending invitations");
    fireEvent.change(screen.getByLabelText("Email address"), {
      target: { value: "grace@example.com" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(
      await screen.findByText(
        "Failed to send invitation: grace@example.com is already a member of this workspace",
      ),
    ).toBeTruthy();
  });

  it("lets an Agency owner limit a member to chosen properties in the access dialog", async () => {
    // Radix sizes a radio group's hidden form input with ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const acme = makeDataSource({ name: "Acme Store", ga4PropertyId: "311111111" });
    const beta = makeDataSource({ name: "Beta Blog", ga4PropertyId: "322222222" });
    const [ownerRow, adaRow, grace] = membersFor("owner") as [
      WorkspaceMember,
      WorkspaceMember,
      WorkspaceMember,
    ];
    const members = [ownerRow, adaRow, { ...grace, canChangeAccess: true }];
    const { base, fetchMock } = arrange(
      "owner",
      (base) => ({
        [`GET ${base}/data-sources`]: () => jsonResponse(200, { dataSources: [acme, beta] }),
        [`PUT ${base}/members/u3/access`]: ({ body }) =>
          jsonResponse(200, {
            member: { ...members[2], ...(body as object), canChangeAccess: true },
          }),
      }),
      { workspace: { ownerTier: "agency" }, members },
    );
    await screen.findByRole("row", { name: "Grace Hopper" });

    // Owners and admins see every property; only a member's access is a control.
    expect(row("Olive Owner").getByText("All properties")).toBeTruthy();
    expect(row("Ada Lovelace").queryByRole("button", { name: /^Access of/ })).toBeNull();
    expect(screen.queryByText(/part of the Agency plan/)).toBeNull();
    fireEvent.click(
      row("Grace Hopper").getByRole("button", { name: "Access of Grace Hopper: All properties" }),
    );

    const dialog = within(await screen.findByRole("dialog", { name: "Property access" }));
    fireEvent.click(dialog.getByRole("radio", { name: "Chosen properties" }));
    expect(await dialog.findByRole("checkbox", { name: /Acme Store/ })).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Save Access" }));
    expect(dialog.getByRole("alert").textContent).toBe("Choose at least one analytics property");
    expect(calls(fetchMock, "PUT", `${base}/members/u3/access`)).toEqual([]);

    fireEvent.click(dialog.getByRole("checkbox", { name: /Beta Blog/ }));
    fireEvent.click(dialog.getByRole("button", { name: "Save Access" }));
    expect(await screen.findByText("Access updated")).toBeTruthy();
    expect(screen.getByText("Grace Hopper can see 1 chosen analytics property.")).toBeTruthy();
    const [put] = calls(fetchMock, "PUT", `${base}/members/u3/access`);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      propertyAccess: "chosen",
      dataSourceIds: [beta.id],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("tells a Team owner client-level access is an Agency feature, and a member nothing", async () => {
    arrange("owner", undefined, { workspace: { ownerTier: "advanced" } });
    await screen.findByRole("row", { name: "Grace Hopper" });
    expect(
      screen.getByText(
        "Limit a member to chosen properties with client-level user access, part of the Agency plan.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade your plan" }).getAttribute("href")).toBe(
      "/settings/billing",
    );
    expect(row("Grace Hopper").getByText("All properties")).toBeTruthy();
    expect(row("Grace Hopper").queryByRole("button", { name: /^Access of/ })).toBeNull();
  });

  it("shows a member their own limit without the upsell", async () => {
    const [ownerRow, ada, grace] = membersFor("member") as [
      WorkspaceMember,
      WorkspaceMember,
      WorkspaceMember,
    ];
    arrange("member", undefined, {
      workspace: { ownerTier: "advanced" },
      members: [
        ownerRow,
        {
          ...ada,
          propertyAccess: "chosen",
          dataSourceIds: [crypto.randomUUID(), crypto.randomUUID()],
        },
        grace,
      ],
    });
    await screen.findByRole("row", { name: "Grace Hopper" });
    expect(row("Ada Lovelace").getByText("Chosen properties (2)")).toBeTruthy();
    expect(screen.queryByText(/part of the Agency plan/)).toBeNull();
  });

  it("shows the empty members state", async () => {
    const workspace = makeWorkspace({ role: "owner" });
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [workspace] }),
      [`GET /api/workspaces/${workspace.id}/members`]: () =>
        jsonResponse(200, { viewerRole: "owner", members: [] }),
      [`GET /api/workspaces/${workspace.id}/invitations`]: () =>
        jsonResponse(200, { invitations: [] }),
    });
    renderRoutes(
      [{ path: "/workspace/members", element: <WorkspaceMembersRoute /> }],
      "/workspace/members",
    );
    expect(await screen.findByText("No members yet")).toBeTruthy();
  });
});
