import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { Branding, SubscriptionTier, WorkspaceRole } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { ReportBrandingCard } from "./report-branding-card";

type Handlers = Parameters<typeof stubFetch>[0];

function renderCard(
  { tier = "agency", role = "owner" }: { tier?: SubscriptionTier; role?: WorkspaceRole },
  branding: Partial<Branding> | null,
  handlers: (base: string, saved: Branding) => Handlers = () => ({}),
) {
  const workspace = makeWorkspace({ name: "Acme Marketing", ownerTier: tier, role });
  const base = `/api/workspaces/${workspace.id}/branding`;
  const saved: Branding = {
    workspaceId: workspace.id,
    displayName: "Acme Marketing",
    brandColor: "#334155",
    hasLogo: false,
    isCustom: false,
    updatedAt: null,
    ...branding,
  };
  const fetchMock = stubFetch({
    ...(branding ? { [`GET ${base}`]: () => jsonResponse(200, { branding: saved }) } : {}),
    ...handlers(base, saved),
  });
  renderRoutes([{ path: "/", element: <ReportBrandingCard workspace={workspace} /> }], "/");
  return { fetchMock, base, saved };
}

describe("the report branding card", () => {
  it("saves the display name and a colour picked or typed", async () => {
    const puts: unknown[] = [];
    renderCard({}, {}, (base, saved) => ({
      [`PUT ${base}`]: ({ body }) => {
        puts.push(body);
        return jsonResponse(200, {
          branding: {
            ...saved,
            ...(body as object),
            isCustom: true,
            updatedAt: "2026-11-24T10:00:00.000Z",
          },
        });
      },
    }));
    const name = await screen.findByLabelText("Display name");
    expect((name as HTMLInputElement).value).toBe("Acme Marketing");
    fireEvent.change(name, { target: { value: "Northwind Digital" } });
    fireEvent.input(screen.getByLabelText("Pick the brand colour"), {
      target: { value: "#0f766e" },
    });
    expect((screen.getByLabelText("Brand colour") as HTMLInputElement).value).toBe("#0f766e");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Report branding saved")).toBeTruthy();
    expect(puts).toEqual([{ displayName: "Northwind Digital", brandColor: "#0f766e" }]);
  });

  it("refuses a colour that is not #rrggbb before asking the server", async () => {
    renderCard({}, {});
    const color = await screen.findByLabelText("Brand colour");
    fireEvent.change(color, { target: { value: "teal" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Brand colour must be a hex colour such as #1a73e8"),
    ).toBeTruthy();
  });

  it("uploads a PNG logo, previews it, and removes it", async () => {
    const uploaded: string[] = [];
    const { base } = renderCard({}, {}, (base, saved) => ({
      [`PUT ${base}/logo`]: ({ body }) => {
        uploaded.push((body as { dataUrl: string }).dataUrl);
        return jsonResponse(200, {
          branding: { ...saved, hasLogo: true, updatedAt: "2026-11-24T10:00:00.000Z" },
        });
      },
      [`DELETE ${base}/logo`]: () => new Response(null, { status: 204 }),
    }));
    const input = (await screen.findByLabelText("Logo")) as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", {
      type: "image/png",
    });
    fireEvent.change(input, { target: { files: [png] } });
    const preview = await screen.findByRole("img", { name: "Report logo" });
    expect(preview.getAttribute("src")).toBe(
      `${base}/logo?v=${encodeURIComponent("2026-11-24T10:00:00.000Z")}`,
    );
    expect(uploaded).toEqual(["data:image/png;base64,iVBORw=="]);

    fireEvent.click(screen.getByRole("button", { name: "Remove logo" }));
    expect(await screen.findByText("Logo removed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("img", { name: "Report logo" })).toBeNull());
  });

  it("refuses a file that is no PNG or JPEG, or is over 512 KB", async () => {
    renderCard({}, {});
    const input = (await screen.findByLabelText("Logo")) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" })] },
    });
    expect(await screen.findByText("The logo must be a PNG or JPEG image")).toBeTruthy();
    fireEvent.change(input, {
      target: {
        files: [new File([new Uint8Array(512 * 1024 + 1)], "big.png", { type: "image/png" })],
      },
    });
    expect(await screen.findByText("The logo must be at most 512 KB")).toBeTruthy();
  });

  it("is read-only for members", async () => {
    renderCard({ role: "member" }, { displayName: "Northwind Digital", isCustom: true });
    const name = (await screen.findByLabelText("Display name")) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe("Northwind Digital"));
    expect(name.disabled).toBe(true);
    expect(screen.getByText(/Only the workspace owner or an admin/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Upload logo" })).toBeNull();
  });

  it("is disabled with the plan that has it on other plans, and asks nothing", async () => {
    const { fetchMock } = renderCard({ tier: "advanced" }, null);
    expect(
      screen.getByText("White-label PDF reports are part of the Agency plan and above."),
    ).toBeTruthy();
    expect((screen.getByLabelText("Display name") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Display name") as HTMLInputElement).value).toBe(
      "Acme Marketing",
    );
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
