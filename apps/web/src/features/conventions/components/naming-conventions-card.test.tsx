import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { WorkspaceSummary } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { NamingConventionsCard } from "./naming-conventions-card";

const path = (workspace: WorkspaceSummary) => `/api/workspaces/${workspace.id}/conventions`;

function renderCard(workspace: WorkspaceSummary, handlers: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch(handlers);
  renderRoutes(
    [{ path: "/settings/workspace", element: <NamingConventionsCard workspace={workspace} /> }],
    "/settings/workspace",
  );
  return fetchMock;
}

describe("the naming conventions card", () => {
  it("fills a template, checks the pattern as it is typed, and saves", async () => {
    const workspace = makeWorkspace({ role: "admin" });
    let saved: unknown;
    renderCard(workspace, {
      [`GET ${path(workspace)}`]: () => jsonResponse(200, { conventions: {}, updatedAt: null }),
      [`PUT ${path(workspace)}`]: ({ body }) => {
        saved = body;
        return jsonResponse(200, { conventions: body, updatedAt: "2026-11-20T10:00:00.000Z" });
      },
    });
    const save = await screen.findByRole("button", { name: "Save conventions" });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Fixed medium list" }));
    const mediums = screen.getByLabelText("Allowed utm_medium values") as HTMLInputElement;
    expect(mediums.value).toBe(
      "cpc, email, social, display, affiliate, referral, paid_social, video",
    );

    const pattern = screen.getByLabelText("utm_campaign pattern");
    fireEvent.change(pattern, { target: { value: "(?=spring)spring" } });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Invalid regular expression for utm_campaign: error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
    );
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(pattern, { target: { value: "^[a-z_]+$" } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(save);
    await waitFor(() =>
      expect(saved).toEqual({
        medium: {
          allowed: [
            "cpc",
            "email",
            "social",
            "display",
            "affiliate",
            "referral",
            "paid_social",
            "video",
          ],
        },
        campaign: { pattern: "^[a-z_]+$" },
      }),
    );
    expect(await screen.findByText("Naming conventions saved")).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    const workspace = makeWorkspace({ role: "owner" });
    renderCard(workspace, {
      [`GET ${path(workspace)}`]: () => jsonResponse(200, { conventions: {}, updatedAt: null }),
      [`PUT ${path(workspace)}`]: () =>
        jsonResponse(400, {
          error: {
            code: "VALIDATION_FAILED",
            message: "The allowed values for utm_source cannot be empty",
          },
        }),
    });
    fireEvent.change(await screen.findByLabelText("Allowed utm_source values"), {
      target: { value: "google" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save conventions" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not save the naming conventions: The allowed values for utm_source cannot be empty",
    );
  });

  it("is read-only for a member", async () => {
    const workspace = makeWorkspace({ role: "member" });
    renderCard(workspace, {
      [`GET ${path(workspace)}`]: () =>
        jsonResponse(200, {
          conventions: { medium: { allowed: ["cpc", "email"] } },
          updatedAt: "2026-11-20T10:00:00.000Z",
        }),
    });
    const mediums = (await screen.findByLabelText("Allowed utm_medium values")) as HTMLInputElement;
    expect(mediums.value).toBe("cpc, email");
    expect(mediums.readOnly).toBe(true);
    expect(
      screen.getByText("Only the workspace owner or an admin can change the conventions"),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save conventions" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Fixed medium list" })).toBeNull();
  });
});
