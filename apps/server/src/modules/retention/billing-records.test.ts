import { describe, expect, it } from "vitest";
import { anonymiseBillingPayload } from "./billing-records.ts";

const customer = {
  customer_id: "cus_8Kd2",
  email: "ada@example.com",
  name: "Ada Lovelace",
  phone_number: "+44 20 7946 0000",
  metadata: { crm_note: "met Ada at the fair" },
};
const billing = {
  country: "GB",
  city: "London",
  state: "Greater London",
  street: "12 St James's Square",
  zipcode: "SW1Y 4JH",
};

describe("a billing record without its person", () => {
  it("keeps a payment's amounts, dates, plan and provider ids, and drops who paid", () => {
    const payment = {
      business_id: "bus_1",
      type: "payment.succeeded",
      timestamp: "2026-01-05T10:00:00.000Z",
      data: {
        payload_type: "Payment",
        payment_id: "pay_1",
        status: "succeeded",
        total_amount: 4900,
        tax: 817,
        currency: "USD",
        customer,
        billing,
        metadata: { user_id: "user_1", tier: "advanced" },
        subscription_id: "sub_1",
        subscription_ids: ["sub_1"],
        product_cart: [{ product_id: "pdt_team", quantity: 1 }],
        created_at: "2026-01-05T10:00:00.000Z",
        card_network: "VISA",
        card_last_four: "4242",
        card_holder_name: "Ada Lovelace",
        invoice_id: "inv_1",
        invoice_url: "https://invoices.example/inv_1.pdf",
        tax_id: "GB123456789",
        customer_business_name: "Lovelace Analytics",
      },
    };

    expect(anonymiseBillingPayload(payment)).toEqual({
      business_id: "bus_1",
      type: "payment.succeeded",
      timestamp: "2026-01-05T10:00:00.000Z",
      data: {
        payload_type: "Payment",
        payment_id: "pay_1",
        status: "succeeded",
        total_amount: 4900,
        tax: 817,
        currency: "USD",
        customer: {
          customer_id: "cus_8Kd2",
          email: null,
          name: null,
          phone_number: null,
          metadata: {},
        },
        billing: { country: "GB", city: null, state: null, street: null, zipcode: null },
        metadata: { tier: "advanced" },
        subscription_id: "sub_1",
        subscription_ids: ["sub_1"],
        product_cart: [{ product_id: "pdt_team", quantity: 1 }],
        created_at: "2026-01-05T10:00:00.000Z",
        card_network: "VISA",
        card_last_four: null,
        card_holder_name: null,
        invoice_id: "inv_1",
        invoice_url: null,
        tax_id: null,
        customer_business_name: null,
      },
    });
  });

  it("drops a cancelling customer's own words and leaves what is not an object alone", () => {
    const cancelled = {
      type: "subscription.cancelled",
      data: {
        subscription_id: "sub_1",
        status: "cancelled",
        recurring_pre_tax_amount: 1500,
        cancellation_comment: "Ada here: too pricey",
        cancellation_feedback: "too_expensive",
        addons: [],
        next_billing_date: "2026-02-05T10:00:00.000Z",
      },
    };
    expect(anonymiseBillingPayload(cancelled)).toEqual({
      type: "subscription.cancelled",
      data: {
        subscription_id: "sub_1",
        status: "cancelled",
        recurring_pre_tax_amount: 1500,
        cancellation_comment: null,
        cancellation_feedback: null,
        addons: [],
        next_billing_date: "2026-02-05T10:00:00.000Z",
      },
    });
    expect(anonymiseBillingPayload("text")).toBe("text");
    expect(anonymiseBillingPayload(null)).toBeNull();
  });
});
