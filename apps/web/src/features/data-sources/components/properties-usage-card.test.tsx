import { screen } from "@testing-library/react";
import type { SubscriptionTier } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { ADD_PROPERTY_PATH, planRoom } from "@/lib/plan-room";
import { makeWorkspace } from "@/testing/factories";
import { renderRoutes } from "@/testing/render";
import { PropertiesUsageCard } from "./properties-usage-card";

/** An owner (u1) or a member at the limit of the owner's plan on `tier`. */
function renderAtLimit(tier: SubscriptionTier, viewerId = "u1") {
  const limit = { free: 1, pro: 1, advanced: 5, agency: 25 }[tier];
  const workspace = makeWorkspace({
    ownerTier: tier,
    dataSourceLimit: limit,
    dataSourceCount: limit,
    role: viewerId === "u1" ? "owner" : "member",
  });
  renderRoutes(
    [{ path: "/dashboard", element: <PropertiesUsageCard room={planRoom(workspace, viewerId)} /> }],
    "/dashboard",
  );
}

describe("the limit notice", () => {
  it('offers a Team owner "Add a property for $10/month" beside an upgrade', async () => {
    renderAtLimit("advanced");
    const offer = await screen.findByRole("link", { name: "Add a property for $10/month" });
    expect(offer.getAttribute("href")).toBe(ADD_PROPERTY_PATH);
    expect(screen.getByRole("link", { name: "upgrade your plan" }).getAttribute("href")).toBe(
      "/settings/billing",
    );
    expect(offer.closest("p")?.textContent).toBe(
      "Limit reached. Add a property for $10/month or upgrade your plan.",
    );
  });

  it("offers an Agency owner the add-on alone: there is no larger plan", async () => {
    renderAtLimit("agency");
    const offer = await screen.findByRole("link", { name: "Add a property for $10/month" });
    expect(offer.closest("p")?.textContent).toBe("Limit reached. Add a property for $10/month.");
    expect(screen.queryByRole("link", { name: /upgrade your plan/i })).toBeNull();
  });

  it("keeps Free on the upgrade, and a member on the owner's say", async () => {
    renderAtLimit("free");
    expect(await screen.findByRole("link", { name: "Upgrade your plan" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Add a property for $10/month" })).toBeNull();
  });

  it("offers a member nothing to buy: the plan is the owner's", async () => {
    renderAtLimit("advanced", "u2");
    expect(
      await screen.findByText(
        "Limit reached. The workspace owner can upgrade their Team plan to add more analytics properties.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
