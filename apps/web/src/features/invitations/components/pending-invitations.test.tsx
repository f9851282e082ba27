import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { makeInvitation } from "@/testing/teams";
import { PendingInvitations } from "./pending-invitations";

const workspaceId = "7f3c2d8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";

function arrange() {
  let invitations = [makeInvitation({ invitedEmail: "sam@example.com" })];
  const invitation = invitations[0];
  const fetchMock = stubFetch({
    [`GET /api/workspaces/${workspaceId}/invitations`]: () => jsonResponse(200, { invitations }),
    [`DELETE /api/workspaces/${workspaceId}/invitations/${invitation?.id}`]: () => {
      invitations = [];
      return new Response(null, { status: 204 });
    },
  });
  renderRoutes(
    [{ path: "/", element: <PendingInvitations workspaceId={workspaceId} canManage /> }],
    "/",
  );
  return fetchMock;
}

const deletes = (fetchMock: ReturnType<typeof arrange>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE").length;

describe("PendingInvitations", () => {
  it("asks before cancelling, and keeps the invitation when the answer is no", async () => {
    const fetchMock = arrange();
    const row = within(await screen.findByRole("listitem", { name: "sam@example.com" }));
    fireEvent.click(row.getByRole("button", { name: "Cancel invitation for sam@example.com" }));

    const dialog = within(await screen.findByRole("alertdialog"));
    expect(dialog.getByText("Cancel this invitation?")).toBeTruthy();
    expect(dialog.getByText(/sam@example\.com will no longer be able to join/)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(deletes(fetchMock)).toBe(0);
    expect(screen.getByRole("listitem", { name: "sam@example.com" })).toBeTruthy();
  });

  it("cancels once confirmed", async () => {
    const fetchMock = arrange();
    const row = within(await screen.findByRole("listitem", { name: "sam@example.com" }));
    fireEvent.click(row.getByRole("button", { name: "Cancel invitation for sam@example.com" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Cancel Invitation",
      }),
    );

    expect(await screen.findByText("Invitation cancelled")).toBeTruthy();
    expect(await screen.findByText("No pending invitations")).toBeTruthy();
    expect(deletes(fetchMock)).toBe(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});
