import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { BillingDetails, BillingOverview } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { makeBillingOverview, makeMe, makeSubscription } from "@/testing/billing";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { BillingSettings } from "./billing-settings";

const TEAM: BillingDetails = {
  tier: "advanced",
  status: "active",
  lines: [{ kind: "plan", name: "Team plan", quantity: 1, amountCents: 4900 }],
  amountCents: 4900,
  currency: "USD",
  renewsAt: "2026-12-26T10:00:00.000Z",
  endsAt: null,
  paymentMethod: { brand: "VISA", last4: "4242" },
  invoices: [],
};

const withExtras = (count: number): BillingDetails => ({
  ...TEAM,
  amountCents: 4900 + count * 1000,
  lines: [
    TEAM.lines[0] as BillingDetails["lines"][number],
    {
      kind: "add-on",
      name: "Extra analytics property",
      quantity: count,
      amountCents: count * 1000,
    },
  ],
});

function renderTeam(options: {
  details: BillingDetails;
  overview?: Partial<BillingOverview>;
  url?: string;
  extra?: Parameters<typeof stubFetch>[0];
}) {
  const extraProperties = options.details.lines.find((line) => line.kind === "add-on")?.quantity;
  const subscription = makeSubscription({
    tier: "advanced",
    dataSourceLimit: 5 + (extraProperties ?? 0),
    dataSourcesUsed: 5,
  });
  stubFetch({
    "GET /api/billing": () =>
      jsonResponse(
        200,
        makeBillingOverview({
          subscription,
          canManage: true,
          extraProperties: extraProperties ?? 0,
          canBuyExtraProperties: true,
          ...options.overview,
        }),
      ),
    "GET /api/billing/details": () => jsonResponse(200, { details: options.details }),
    "GET /api/me": () => jsonResponse(200, makeMe(subscription)),
    "GET /api/session": () => jsonResponse(200, makeMe(subscription)),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    ...options.extra,
  });
  renderRoutes(
    [{ path: "/settings/billing", element: <BillingSettings /> }],
    options.url ?? "/settings/billing",
  );
}

async function section() {
  return within(
    (await screen.findByRole("heading", { name: "Add-on properties" })).closest(
      "section",
    ) as HTMLElement,
  );
}

describe("add-on properties on the billing page", () => {
  it("shows how many, the price and the total, and the bill's own line", async () => {
    renderTeam({ details: withExtras(2) });

    const addOns = await section();
    expect(addOns.getByText("2 add-on properties × $10/month = $20.00/month")).toBeTruthy();
    expect(screen.getByText("Extra analytics property × 2: $20.00")).toBeTruthy();
    expect(screen.getByText("Team plan: $49.00")).toBeTruthy();
    expect((addOns.getByLabelText("Add-on properties") as HTMLInputElement).value).toBe("2");
  });

  it("buys two in one confirmed step, naming the card, the price and the new limit", async () => {
    let sent: unknown;
    let current = TEAM;
    renderTeam({
      details: TEAM,
      extra: {
        "GET /api/billing/details": () => jsonResponse(200, { details: current }),
        "POST /api/billing/extra-properties": ({ body }) => {
          sent = body;
          current = withExtras(2);
          return jsonResponse(200, { details: current });
        },
      },
    });

    const addOns = await section();
    expect(
      addOns.getByText(
        "None. Each extra analytics property is $10/month on top of the 5 of the Team plan.",
      ),
    ).toBeTruthy();
    const update = addOns.getByRole("button", { name: "Update add-on properties" });
    expect(update).toHaveProperty("disabled", true);
    fireEvent.change(addOns.getByLabelText("Add-on properties"), { target: { value: "2" } });
    expect(
      addOns.getByText("$20.00/month for add-ons; your limit becomes 7 analytics properties."),
    ).toBeTruthy();
    fireEvent.click(update);

    const dialog = within(await screen.findByRole("alertdialog"));
    expect(
      dialog.getByText(
        "Your plan carries 2 add-on properties ($20.00/month) from now on, for a limit of 7 analytics properties. The added properties' share of this billing period is charged to VISA ending in 4242 now.",
      ),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Update add-on properties" }));

    expect(await screen.findByText("Subscription updated successfully")).toBeTruthy();
    expect(screen.getByText("Your plan now carries 2 add-on properties.")).toBeTruthy();
    expect(sent).toEqual({ extraProperties: 2 });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(await screen.findByText("2 add-on properties × $10/month = $20.00/month")).toBeTruthy();
  });

  it("says before removing that nothing is charged and the newest properties pause", async () => {
    renderTeam({ details: withExtras(2) });
    const addOns = await section();
    fireEvent.change(addOns.getByLabelText("Add-on properties"), { target: { value: "1" } });
    fireEvent.click(addOns.getByRole("button", { name: "Update add-on properties" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(
      dialog.getByText(
        "Your plan carries 1 add-on property ($10.00/month) from now on, for a limit of 6 analytics properties. Nothing is charged now; the next renewal is at the new price. Properties over the new limit, the newest first, are paused until there is room again.",
      ),
    ).toBeTruthy();
  });

  it("refuses numbers the server would refuse, before asking it", async () => {
    renderTeam({ details: TEAM });
    const addOns = await section();
    const field = addOns.getByLabelText("Add-on properties");
    for (const [value, message] of [
      ["-1", "The number of add-on properties cannot be negative"],
      ["1.5", "The number of add-on properties must be a whole number"],
      ["101", "At most 100 add-on properties; contact support for more"],
    ]) {
      fireEvent.change(field, { target: { value } });
      expect(addOns.getByRole("alert").textContent).toBe(message);
      expect(addOns.getByRole("button", { name: "Update add-on properties" })).toHaveProperty(
        "disabled",
        true,
      );
    }
  });

  it("opens from the limit notice with one more property chosen", async () => {
    renderTeam({ details: withExtras(2), url: "/settings/billing?add-property=1" });
    const addOns = await section();
    const field = addOns.getByLabelText("Add-on properties") as HTMLInputElement;
    expect(field.value).toBe("3");
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(addOns.getByRole("button", { name: "Update add-on properties" })).toHaveProperty(
      "disabled",
      false,
    );
  });

  it("offers no form where the subscription cannot carry add-ons", async () => {
    renderTeam({ details: TEAM, overview: { canBuyExtraProperties: false } });
    const addOns = await section();
    expect(
      addOns.getByText("Add-on properties cannot be bought for this subscription here."),
    ).toBeTruthy();
    expect(addOns.queryByLabelText("Add-on properties")).toBeNull();
  });

  it("says why when the provider refuses", async () => {
    renderTeam({
      details: TEAM,
      extra: {
        "POST /api/billing/extra-properties": () =>
          jsonResponse(502, {
            error: {
              code: "PAYMENT_PROVIDER_FAILED",
              message: "The payment provider could not change your add-on properties.",
            },
          }),
      },
    });
    const addOns = await section();
    fireEvent.change(addOns.getByLabelText("Add-on properties"), { target: { value: "1" } });
    fireEvent.click(addOns.getByRole("button", { name: "Update add-on properties" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Update add-on properties",
      }),
    );
    expect(
      await screen.findByText(
        "Failed to update subscription: The payment provider could not change your add-on properties.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });
});

describe("the limit notice's offer on a plan an administrator gave", () => {
  it("says whom to ask, since nothing is billed by the provider", async () => {
    const subscription = makeSubscription({ tier: "agency", dataSourceLimit: 25 });
    stubFetch({
      "GET /api/billing": () =>
        jsonResponse(200, makeBillingOverview({ subscription, canManage: false })),
      "GET /api/me": () => jsonResponse(200, makeMe(subscription)),
      "GET /api/session": () => jsonResponse(200, makeMe(subscription)),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    });
    renderRoutes(
      [{ path: "/settings/billing", element: <BillingSettings /> }],
      "/settings/billing?add-property=1",
    );
    expect(
      await screen.findByText(
        "Your plan was given by an administrator, not bought: ask them for more analytics properties.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Add-on properties" })).toBeNull();
  });
});
