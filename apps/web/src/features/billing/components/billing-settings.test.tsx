import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type BillingOverview, TEST_CARD_HINT } from "@utmost/contracts";
import { describe, expect, it, vi } from "vitest";
import { makeBillingOverview, makeSubscription } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { BillingSettings } from "./billing-settings";

type Handlers = Parameters<typeof stubFetch>[0];

function renderBilling(billing: BillingOverview, extra: Handlers = {}) {
  const fetchMock = stubFetch({
    "GET /api/billing": () => jsonResponse(200, billing),
    ...extra,
  });
  renderRoutes([{ path: "/settings/billing", element: <BillingSettings /> }], "/settings/billing");
  return fetchMock;
}

function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
  return assign;
}

const upgradeButtonNames = () =>
  screen.queryAllByRole("button", { name: /^Upgrade to / }).map((button) => button.textContent);

/** The toast a text belongs to: its title and sonner's type (error is the destructive one). */
function toastOf(text: HTMLElement) {
  const toast = text.closest("[data-sonner-toast]");
  return {
    title: toast?.querySelector("[data-title]")?.textContent,
    type: toast?.getAttribute("data-type"),
  };
}

describe("BillingSettings", () => {
  it("offers the paid plans on Free, with the test card while billing is in test mode", async () => {
    renderBilling(makeBillingOverview({ mode: "test" }));

    expect(await screen.findByText("Free Plan")).toBeTruthy();
    expect(screen.getByText("active").className).toContain("bg-success");
    expect(screen.getByText("0 of 1 analytics properties")).toBeTruthy();
    expect(upgradeButtonNames()).toEqual([
      "Upgrade to Pro",
      "Upgrade to Team",
      "Upgrade to Agency",
    ]);
    expect(screen.getByText("$49")).toBeTruthy();
    expect(screen.getByText("5 analytics properties", { selector: "p" })).toBeTruthy();
    expect(screen.getByText("White-label PDF reports")).toBeTruthy();
    expect(screen.getByText("Test Mode Active")).toBeTruthy();
    expect(screen.getByText(TEST_CARD_HINT)).toBeTruthy();
    for (const button of screen.getAllByRole("button", { name: /^Upgrade to / })) {
      expect(button).toHaveProperty("disabled", false);
    }
    expect(screen.queryByRole("button", { name: "Manage subscription" })).toBeNull();
  });

  it("shows no upgrade cards on a paid plan, and opens the provider's portal to manage it", async () => {
    const assign = stubLocationAssign();
    renderBilling(
      makeBillingOverview({
        subscription: makeSubscription({
          tier: "advanced",
          dataSourceLimit: 5,
          dataSourcesUsed: 2,
        }),
        mode: "live",
        canManage: true,
      }),
      {
        "GET /api/billing/details": () => jsonResponse(200, { details: null }),
        "POST /api/billing/portal": () =>
          jsonResponse(200, { url: "https://billing.example.test/portal/session" }),
      },
    );

    expect(await screen.findByText("Team Plan")).toBeTruthy();
    expect(screen.getByText("2 of 5 analytics properties")).toBeTruthy();
    expect(upgradeButtonNames()).toEqual([]);
    expect(screen.queryByText("Test Mode Active")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Manage subscription" }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://billing.example.test/portal/session"),
    );
  });

  it("says so when there is no subscription row", async () => {
    renderBilling(makeBillingOverview({ subscription: null }));
    expect(await screen.findByText("No active subscription")).toBeTruthy();
    expect(upgradeButtonNames()).toEqual([]);
  });

  it("says when the payment failed and when the plan ends, with a way to update the card", async () => {
    const assign = stubLocationAssign();
    renderBilling(
      makeBillingOverview({
        subscription: makeSubscription({ tier: "advanced", status: "on_hold" }),
        canManage: true,
        paymentGrace: {
          tier: "advanced",
          failedAt: "2025-12-01T12:00:00.000Z",
          endsAt: "2025-12-08T12:00:00.000Z",
        },
      }),
      {
        "GET /api/billing/details": () => jsonResponse(200, { details: null }),
        "POST /api/billing/portal": () =>
          jsonResponse(200, { url: "https://billing.example.test/portal/session" }),
      },
    );

    const alert = await screen.findByRole("alert");
    expect(alert.querySelector("h4")?.textContent).toBe("Payment failed");
    expect(alert.querySelector("p")?.textContent).toBe(
      "Your payment failed on Dec 1, 2025. Your Team plan ends on Dec 8, 2025 unless the payment goes through. Until then everything in your plan keeps working; after it the account moves to the Free plan, and properties over its limit are kept but paused.",
    );
    expect(screen.getByText("on hold").className).toContain("bg-destructive");

    fireEvent.click(within(alert).getByRole("button", { name: "Update payment method" }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://billing.example.test/portal/session"),
    );
  });

  it("offers no card update where this deployment cannot open the provider's portal", async () => {
    renderBilling(
      makeBillingOverview({
        subscription: makeSubscription({ tier: "pro", status: "on_hold" }),
        canManage: false,
        paymentGrace: {
          tier: "pro",
          failedAt: "2025-12-01T12:00:00.000Z",
          endsAt: "2025-12-08T12:00:00.000Z",
        },
      }),
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your Pro plan ends on Dec 8, 2025");
    expect(within(alert).queryByRole("button")).toBeNull();
  });

  it("shows no payment warning while payments go through", async () => {
    renderBilling(makeBillingOverview({ subscription: makeSubscription({ tier: "pro" }) }));
    expect(await screen.findByText("Pro Plan")).toBeTruthy();
    expect(screen.queryByText("Payment failed")).toBeNull();
  });

  it("disables the upgrade buttons when this deployment sells no plans", async () => {
    renderBilling(makeBillingOverview({ mode: null }));

    expect(
      await screen.findByText(
        "Plans cannot be bought on this deployment: no payment provider is configured.",
      ),
    ).toBeTruthy();
    const buttons = screen.getAllByRole("button", { name: /^Upgrade to / });
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(button).toHaveProperty("disabled", true);
    expect(screen.queryByText("Test Mode Active")).toBeNull();
  });

  it("starts checkout for the chosen plan and sends the browser to the provider", async () => {
    const assign = stubLocationAssign();
    const fetchMock = renderBilling(makeBillingOverview(), {
      "POST /api/billing/checkout": () =>
        jsonResponse(200, {
          sessionId: "cks_1",
          checkoutUrl: "https://checkout.example.test/session/cks_1",
          mode: "test",
        }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Team" }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://checkout.example.test/session/cks_1"),
    );
    const checkout = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/checkout"));
    expect(JSON.parse(String(checkout?.[1]?.body))).toEqual({ tier: "advanced" });
    // The page is leaving: every upgrade button stays busy and disabled until it has gone.
    const team = screen.getByRole("button", { name: "Upgrade to Team" });
    expect(team.getAttribute("aria-busy")).toBe("true");
    for (const button of screen.getAllByRole("button", { name: /^Upgrade to / })) {
      expect(button).toHaveProperty("disabled", true);
    }
  });

  it("toasts a checkout failure as 'Upgrade failed' with the server's message", async () => {
    const assign = stubLocationAssign();
    renderBilling(makeBillingOverview(), {
      "POST /api/billing/checkout": () =>
        jsonResponse(409, {
          error: { code: "ALREADY_SUBSCRIBED", message: "You already have a paid plan." },
        }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Pro" }));

    const description = await screen.findByText("You already have a paid plan.");
    expect(toastOf(description)).toEqual({ title: "Upgrade failed", type: "error" });
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Upgrade to Pro" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
  });

  it("explains, without alarm, that a local environment cannot take payments", async () => {
    renderBilling(makeBillingOverview(), {
      "POST /api/billing/checkout": () =>
        jsonResponse(503, {
          error: {
            code: "BILLING_NOT_CONFIGURED",
            message: "Payments are not set up in this local environment.",
          },
        }),
    });

    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Agency" }));

    const description = await screen.findByText(
      "Payments are not set up in this local environment.",
    );
    expect(toastOf(description)).toEqual({ title: "Local Development Limitation", type: "info" });
  });
});
