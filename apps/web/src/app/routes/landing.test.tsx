import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { MeResponse } from "@utmost/contracts";
import { describe, expect, it, vi } from "vitest";
import { makeMe, makeSubscription } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { LandingRoute } from "./landing";

type Handlers = Parameters<typeof stubFetch>[0];

function renderLanding(me: MeResponse | null, extra: Handlers = {}) {
  const fetchMock = stubFetch({
    "GET /api/me": () =>
      me
        ? jsonResponse(200, me)
        : jsonResponse(401, { error: { code: "UNAUTHENTICATED", message: "Sign in first" } }),
    ...extra,
  });
  renderRoutes([{ path: "/", element: <LandingRoute /> }], "/");
  return fetchMock;
}

async function pricing() {
  await waitFor(() => expect(document.getElementById("pricing")).toBeTruthy());
  return within(document.getElementById("pricing") as HTMLElement);
}

describe("/ pricing", () => {
  it("sends a signed-out visitor to sign up from every plan", async () => {
    renderLanding(null);
    const section = await pricing();

    const links = section.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Start Free", "/auth?mode=signup"],
      ["Choose Pro", "/auth?mode=signup"],
      ["Choose Team", "/auth?mode=signup"],
      ["Choose Agency", "/auth?mode=signup"],
    ]);
    expect(section.getByText("$199")).toBeTruthy();
    expect(section.getByText(/Extra properties \$10\/month each\. 7-day money-back/)).toBeTruthy();
  });

  it("marks a signed-in user's current plan and starts checkout for another", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const fetchMock = renderLanding(makeMe(makeSubscription({ tier: "free" })), {
      "POST /api/billing/checkout": () =>
        jsonResponse(200, {
          sessionId: "cks_2",
          checkoutUrl: "https://checkout.example.test/session/cks_2",
          mode: "live",
        }),
    });
    const section = await pricing();

    const current = await section.findByRole("button", { name: "Current plan" });
    expect(current).toHaveProperty("disabled", true);
    expect(section.queryByRole("link", { name: /Choose/ })).toBeNull();

    fireEvent.click(section.getByRole("button", { name: "Choose Agency" }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://checkout.example.test/session/cks_2"),
    );
    const checkout = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/checkout"));
    expect(JSON.parse(String(checkout?.[1]?.body))).toEqual({ tier: "agency" });
    expect(section.getByRole("button", { name: "Choose Agency" }).getAttribute("aria-busy")).toBe(
      "true",
    );
    expect(section.getByRole("button", { name: "Choose Pro" })).toHaveProperty("disabled", true);
  });

  it("sends a paid user's Free button to the dashboard", async () => {
    renderLanding(makeMe(makeSubscription({ tier: "pro" })));
    const section = await pricing();

    const current = await section.findByRole("button", { name: "Current plan" });
    const card = within(current.closest("div.rounded-xl") as HTMLElement);
    expect(card.getByText("Pro")).toBeTruthy();
    expect(card.getByText("$15")).toBeTruthy();
    expect(section.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(section.getByRole("button", { name: "Choose Team" })).toHaveProperty("disabled", false);
    expect(section.queryByRole("button", { name: "Choose Pro" })).toBeNull();
  });

  it("toasts a failed checkout from the pricing section", async () => {
    renderLanding(makeMe(), {
      "POST /api/billing/checkout": () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Something went wrong" } }),
    });
    const section = await pricing();
    fireEvent.click(await section.findByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByText("Upgrade failed")).toBeTruthy();
  });
});
