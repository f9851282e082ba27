import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApiKey, WorkspaceSummary } from "@utmost/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { ApiKeysCard } from "./api-keys-card";

const NEW_KEY = `utm_${"k".repeat(43)}`;

function makeApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: crypto.randomUUID(),
    name: "Looker Studio sync",
    keyPrefix: "utm_Ab12Cd34",
    createdAt: "2026-11-01T09:00:00.000Z",
    lastUsedAt: null,
    revokedAt: null,
    revokedNote: null,
    ...overrides,
  };
}

function renderCard(workspace: WorkspaceSummary, handlers: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch(handlers);
  renderRoutes(
    [{ path: "/settings/workspace", element: <ApiKeysCard workspace={workspace} /> }],
    "/settings/workspace",
  );
  return fetchMock;
}

const keysPath = (workspace: WorkspaceSummary) => `/api/workspaces/${workspace.id}/api-keys`;

describe("the API keys card", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists keys by name and prefix, with when they were created and last used", async () => {
    const workspace = makeWorkspace({ role: "admin", ownerTier: "agency" });
    renderCard(workspace, {
      [`GET ${keysPath(workspace)}`]: () =>
        jsonResponse(200, {
          apiKeys: [
            makeApiKey({ lastUsedAt: "2026-11-20T10:30:00.000Z" }),
            makeApiKey({
              name: "Old script",
              keyPrefix: "utm_Zz99Yy88",
              revokedAt: "2026-11-10T00:00:00.000Z",
            }),
            makeApiKey({
              name: "Alan's sync",
              revokedAt: "2026-11-12T00:00:00.000Z",
              revokedNote: "Revoked: Alan Admin left the workspace",
            }),
          ],
        }),
    });
    const rows = await screen.findAllByRole("row");
    expect(rows).toHaveLength(4);
    const [active, revoked, leftWithCreator] = rows.slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(leftWithCreator.textContent).toContain("Revoked: Alan Admin left the workspace");
    expect(revoked.textContent).not.toContain("left the workspace");
    expect(active.textContent).toContain("Looker Studio sync");
    expect(active.textContent).toContain("utm_Ab12Cd34…");
    expect(active.textContent).toContain("Active");
    expect(active.textContent).not.toContain("Never");
    expect(within(active).getByRole("button", { name: "Revoke Looker Studio sync" })).toBeTruthy();
    expect(revoked.textContent).toContain("Revoked");
    expect(revoked.textContent).toContain("Never");
    expect(within(revoked).queryByRole("button")).toBeNull();

    const docs = screen.getByRole("link", { name: "API documentation" });
    expect(docs.getAttribute("href")).toBe("/api/docs");
    expect(docs.getAttribute("target")).toBe("_blank");
  });

  it("creates a key and shows it once, with Copy and a warning", async () => {
    const workspace = makeWorkspace({ role: "owner", ownerTier: "advanced" });
    const created = makeApiKey({ name: "CI export", keyPrefix: NEW_KEY.slice(0, 12) });
    let keys: ApiKey[] = [];
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const fetchMock = renderCard(workspace, {
      [`GET ${keysPath(workspace)}`]: () => jsonResponse(200, { apiKeys: keys }),
      [`POST ${keysPath(workspace)}`]: () => {
        keys = [created];
        return jsonResponse(201, { apiKey: created, key: NEW_KEY });
      },
    });
    expect(await screen.findByText("This workspace has no API keys yet.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
    const dialog = await screen.findByRole("dialog", { name: "Create API key" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(await within(dialog).findByText("Key name is required")).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "CI export" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
    const shown = await screen.findByRole("dialog", { name: "Your new API key" });
    expect(within(shown).getByText(NEW_KEY)).toBeTruthy();
    expect(shown.textContent).toContain("it will not be shown again");
    fireEvent.click(within(shown).getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(NEW_KEY));

    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { name: "CI export" },
    ]);

    fireEvent.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText(NEW_KEY)).toBeNull();
    expect(await screen.findByText("CI export")).toBeTruthy();
  });

  it("revokes a key after confirming", async () => {
    const workspace = makeWorkspace({ role: "owner", ownerTier: "agency" });
    const key = makeApiKey();
    let revoked = false;
    renderCard(workspace, {
      [`GET ${keysPath(workspace)}`]: () =>
        jsonResponse(200, {
          apiKeys: [revoked ? { ...key, revokedAt: "2026-11-24T00:00:00.000Z" } : key],
        }),
      [`DELETE /api/api-keys/${key.id}`]: () => {
        revoked = true;
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Looker Studio sync" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Revoke Looker Studio sync?" });
    expect(confirm.textContent).toContain("loses access to the Utmost API at once");
    fireEvent.click(within(confirm).getByRole("button", { name: "Revoke key" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(await screen.findByText("Revoked")).toBeTruthy();
    expect(revoked).toBe(true);
  });

  it("names the Team plan on a plan without API access, and still lists keys to revoke", async () => {
    const workspace = makeWorkspace({ role: "owner", ownerTier: "pro" });
    renderCard(workspace, {
      [`GET ${keysPath(workspace)}`]: () => jsonResponse(200, { apiKeys: [makeApiKey()] }),
    });
    expect(await screen.findByText("API keys are part of the Team plan and above.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade your plan" }).getAttribute("href")).toBe(
      "/settings/billing",
    );
    expect(screen.queryByRole("button", { name: "Create API key" })).toBeNull();
    expect(await screen.findByRole("button", { name: "Revoke Looker Studio sync" })).toBeTruthy();
  });

  it("tells a member that only owners and admins manage keys, and asks for none", async () => {
    const workspace = makeWorkspace({ role: "member", ownerTier: "agency" });
    const fetchMock = renderCard(workspace, {});
    expect(await screen.findByText("Only owners and admins manage API keys")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create API key" })).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
