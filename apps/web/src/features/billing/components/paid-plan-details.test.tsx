import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { BillingDetails } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { makeBillingOverview, makeMe, makeSubscription } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { BillingSettings } from "./billing-settings";

const PRO_DETAILS: BillingDetails = {
  tier: "pro",
  status: "active",
  lines: [{ kind: "plan", name: "Pro plan", quantity: 1, amountCents: 1500 }],
  amountCents: 1500,
  currency: "USD",
  renewsAt: "2026-12-26T10:00:00.000Z",
  endsAt: null,
  paymentMethod: { brand: "VISA", last4: "4242" },
  invoices: [
    {
      paymentId: "pay_2",
      date: "2026-11-26T10:00:00.000Z",
      amountCents: 1500,
      currency: "USD",
      status: "succeeded",
      url: "https://billing.example.test/invoices/pay_2",
    },
    {
      paymentId: "pay_1",
      date: "2026-10-26T10:00:00.000Z",
      amountCents: 1500,
      currency: "USD",
      status: "failed",
      url: null,
    },
  ],
};

function renderPaid(details: BillingDetails, extra: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({
    "GET /api/billing": () =>
      jsonResponse(
        200,
        makeBillingOverview({
          subscription: makeSubscription({ tier: details.tier }),
          mode: "test",
          canManage: true,
        }),
      ),
    "GET /api/billing/details": () => jsonResponse(200, { details }),
    "GET /api/me": () => jsonResponse(200, makeMe(makeSubscription({ tier: details.tier }))),
    "GET /api/session": () => jsonResponse(200, makeMe(makeSubscription({ tier: details.tier }))),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    ...extra,
  });
  renderRoutes([{ path: "/settings/billing", element: <BillingSettings /> }], "/settings/billing");
  return fetchMock;
}

describe("a paid plan's billing", () => {
  it("shows the price, renewal date, card and invoices from the provider", async () => {
    renderPaid(PRO_DETAILS);

    expect(await screen.findByText("Pro · $15.00 per month")).toBeTruthy();
    expect(screen.getByText("Renews on")).toBeTruthy();
    expect(screen.getByText("Dec 26, 2026")).toBeTruthy();
    expect(screen.getByText("VISA ending in 4242")).toBeTruthy();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText("Paid")).toBeTruthy();
    expect(first.getByRole("link", { name: /View invoice/ }).getAttribute("href")).toBe(
      "https://billing.example.test/invoices/pay_2",
    );
    expect(within(rows[1] as HTMLElement).getByText("failed")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole("link")).toBeNull();
  });

  it("shows the end date, and no plan change, once the plan is set to end", async () => {
    renderPaid({ ...PRO_DETAILS, renewsAt: null, endsAt: "2026-12-26T10:00:00.000Z" });
    expect(await screen.findByText("Ends on")).toBeTruthy();
    expect(screen.queryByText("Renews on")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Switch to/ })).toBeNull();
  });

  it("changes plan in one confirmed step with proration", async () => {
    let changedTo: unknown;
    let current = PRO_DETAILS;
    renderPaid(PRO_DETAILS, {
      "GET /api/billing/details": () => jsonResponse(200, { details: current }),
      "POST /api/billing/change-plan": ({ body }) => {
        changedTo = body;
        current = {
          ...PRO_DETAILS,
          tier: "advanced",
          amountCents: 4900,
          lines: [{ kind: "plan", name: "Team plan", quantity: 1, amountCents: 4900 }],
        };
        return jsonResponse(200, { details: current });
      },
    });

    fireEvent.click(await screen.findByRole("button", { name: "Switch to Team" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(
      dialog.getByText(/the rest of this billing period is charged to VISA ending in 4242/i),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Switch to Team" }));

    expect(await screen.findByText("Subscription updated successfully")).toBeTruthy();
    expect(changedTo).toEqual({ tier: "advanced" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(await screen.findByText("Team · $49.00 per month")).toBeTruthy();
  });

  it("keeps the dialog open and says why when the provider refuses", async () => {
    renderPaid(PRO_DETAILS, {
      "POST /api/billing/change-plan": () =>
        jsonResponse(502, {
          error: {
            code: "PAYMENT_PROVIDER_FAILED",
            message: "The payment provider could not change your plan.",
          },
        }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Switch to Agency" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Switch to Agency",
      }),
    );
    expect(
      await screen.findByText(
        "Failed to update subscription: The payment provider could not change your plan.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });
});
