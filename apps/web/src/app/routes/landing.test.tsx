import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { MeResponse } from "@utmost/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE_MARK } from "@/lib/session-cookie-mark";
import { makeMe, makeSubscription } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { LandingRoute } from "./landing";

type Handlers = Parameters<typeof stubFetch>[0];

/**
 * `/` as the app renders it; a signed-in user's page came with their session cookie, which the
 * server marks on the page (`data-session-cookie`), or the page asks nothing.
 */
function renderLanding(me: MeResponse | null, extra: Handlers = {}, sessionCookie = me !== null) {
  const fetchMock = stubFetch({
    "GET /api/session": () => jsonResponse(200, me),
    ...extra,
  });
  document.documentElement.toggleAttribute(SESSION_COOKIE_MARK, sessionCookie);
  renderRoutes([{ path: "/", element: <LandingRoute /> }], "/");
  return fetchMock;
}

afterEach(() => {
  document.documentElement.removeAttribute(SESSION_COOKIE_MARK);
});

async function pricing() {
  await waitFor(() => expect(document.getElementById("pricing")).toBeTruthy());
  return within(document.getElementById("pricing") as HTMLElement);
}

describe("/ for a visitor", () => {
  it("has the header's anchors and sign-in links, six features, five testimonials and the legal links", async () => {
    renderLanding(null);
    await pricing();

    const linksOf = (landmark: HTMLElement, expected: [string, string][]) => {
      const scope = within(landmark);
      expect(scope.getAllByRole("link")).toHaveLength(expected.length);
      for (const [name, href] of expected) {
        expect(scope.getByRole("link", { name }).getAttribute("href")).toBe(href);
      }
    };
    linksOf(screen.getByRole("banner"), [
      ["Utmost", "/"],
      ["Features", "#features"],
      ["Pricing", "#pricing"],
      ["Docs", "/docs"],
      ["Sign In", "/auth?mode=signin"],
      ["Start Free", "/auth?mode=signup"],
    ]);

    const features = within(document.getElementById("features") as HTMLElement);
    expect(features.getAllByRole("listitem")).toHaveLength(6);

    const carousel = screen.getByRole("region", { name: "Testimonials" });
    expect(carousel.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(5);

    linksOf(within(screen.getByRole("contentinfo")).getByRole("navigation", { name: "Legal" }), [
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["GDPR", "/gdpr"],
      ["Cookies", "/privacy#cookies"],
    ]);

    // One h1, then sections (h2) holding their cards (h3): no level skipped.
    const levels = screen
      .getAllByRole("heading")
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (const [i, level] of levels.entries()) {
      if (i > 0) expect(level - (levels[i - 1] as number)).toBeLessThanOrEqual(1);
    }
  });
});

describe("who / asks about", () => {
  it("asks nothing for a visitor whose page came without a session cookie", async () => {
    const fetchMock = renderLanding(null);
    await pricing();
    expect(screen.getByRole("banner").textContent).toContain("Start Free");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks GET /api/session when it came with one, and shows a stale cookie's visitor the page", async () => {
    const fetchMock = renderLanding(null, {}, true);
    await pricing();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/session");
    expect(
      within(screen.getByRole("banner")).getByRole("link", { name: "Start Free" }),
    ).toBeTruthy();
  });
});

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
