import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { BuilderLink } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { LinkHistory } from "./link-history";

const WORKSPACE_ID = "3f1c2b9e-8a6d-4c1e-9b7a-2d5e6f7a8b9c";
const LINKS = `/api/workspaces/${WORKSPACE_ID}/links`;

function makeLink(overrides: Partial<BuilderLink> = {}): BuilderLink {
  return {
    id: crypto.randomUUID(),
    baseUrl: "https://www.example.com/",
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "brand",
    utmTerm: null,
    utmContent: null,
    utmId: null,
    url: "https://www.example.com/?utm_source=google&utm_medium=cpc&utm_campaign=brand",
    predictedChannel: "Paid Search",
    createdByName: "Dana Owner",
    canDelete: true,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

describe("the link history", () => {
  it("lists links newest first, deletes one after confirming, and offers older ones", async () => {
    const mine = makeLink({ utmCampaign: "spring" });
    const theirs = makeLink({
      utmCampaign: "autumn",
      canDelete: false,
      predictedChannel: "Unassigned",
    });
    let links = [mine, theirs];
    const deleted: string[] = [];
    stubFetch({
      [`GET ${LINKS}`]: ({ url }) => {
        expect(url.searchParams.get("limit")).toBe("20");
        return jsonResponse(200, { links, total: links.length + 25 });
      },
      [`DELETE /api/links/${mine.id}`]: () => {
        deleted.push(mine.id);
        links = [theirs];
        return new Response(null, { status: 204 });
      },
    });

    renderRoutes(
      [{ path: "/builder", element: <LinkHistory workspaceId={WORKSPACE_ID} /> }],
      "/builder",
    );

    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("google / cpc · spring"),
      expect.stringContaining("google / cpc · autumn"),
    ]);
    expect(within(rows[1] as HTMLElement).queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Show more (25 older)" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Delete spring link" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete link" }));
    await waitFor(() => expect(deleted).toEqual([mine.id]));
    await waitFor(() => expect(screen.queryByText(/spring/)).toBeNull());
  });
});
