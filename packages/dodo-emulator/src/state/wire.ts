/**
 * What the stand-in puts on the wire, field for field as the `dodopayments` SDK (v2.52.0) types
 * it: `Subscription` in resources/subscriptions.d.ts, `Payment` in resources/payments.d.ts, the
 * events in resources/webhooks/webhooks.d.ts. Written out here rather than imported, so the
 * package's runtime code does not depend on the SDK; the contract tests hold the two together.
 */

export type SubscriptionStatus = "active" | "on_hold" | "cancelled";

export interface DodoCustomerDetails {
  customer_id: string;
  email: string;
  name: string;
  metadata: Record<string, string>;
  phone_number: string | null;
}

export interface DodoBillingAddress {
  country: "US";
  city: string | null;
  state: string | null;
  street: string | null;
  zipcode: string | null;
}

/** `GET /subscriptions/{id}`, and the `data` of every `subscription.*` event. */
export interface DodoSubscription {
  subscription_id: string;
  status: SubscriptionStatus;
  product_id: string;
  quantity: number;
  customer: DodoCustomerDetails;
  metadata: Record<string, string>;
  created_at: string;
  next_billing_date: string;
  previous_billing_date: string;
  cancelled_at: string | null;
  cancel_at_next_billing_date: boolean;
  currency: "USD";
  recurring_pre_tax_amount: number;
  payment_frequency_interval: "Month";
  payment_frequency_count: 1;
  subscription_period_interval: "Year";
  subscription_period_count: 10;
  tax_inclusive: false;
  trial_period_days: 0;
  addons: DodoAddonCartItem[];
  on_demand: false;
  has_payment_method: true;
  billing: DodoBillingAddress;
  brand_id: string;
  meters: [];
  credit_entitlement_cart: [];
  meter_credit_entitlement_cart: [];
  discount_id: null;
  discount_cycles_remaining: null;
  expires_at: null;
  paused_at: null;
  payment_method_id: string;
  tax_id: null;
  customer_business_name: null;
  cancellation_comment: null;
  cancellation_feedback: null;
  scheduled_change: null;
}

/** One add-on on a subscription (`AddonCartResponseItem`). */
export interface DodoAddonCartItem {
  addon_id: string;
  quantity: number;
}

/** `GET /addons/{id}` (`AddonResponse` in resources/addons.d.ts). */
export interface DodoAddonResponse {
  id: string;
  business_id: string;
  created_at: string;
  updated_at: string;
  currency: "USD";
  name: string;
  price: number;
  tax_category: "saas";
  description: string | null;
  image: string | null;
}

/** The `data` of `payment.succeeded` and `payment.failed`. */
export interface DodoPayment {
  payment_id: string;
  business_id: string;
  brand_id: string;
  status: "succeeded" | "failed";
  total_amount: number;
  settlement_amount: number;
  currency: "USD";
  settlement_currency: "USD";
  tax: number;
  customer: DodoCustomerDetails;
  billing: DodoBillingAddress;
  metadata: Record<string, string>;
  subscription_id: string | null;
  subscription_ids: string[];
  is_multi_subscription: boolean;
  checkout_session_id: string | null;
  product_cart: { product_id: string; quantity: number }[];
  created_at: string;
  updated_at: string;
  payment_provider: "stripe";
  payment_method: "card";
  payment_method_type: "credit";
  card_network: "VISA";
  card_last_four: "4242";
  card_type: "CREDIT";
  card_issuing_country: "US";
  card_holder_name: string;
  error_code: string | null;
  error_message: string | null;
  retry_attempt: number;
  digital_products_delivered: boolean;
  is_update_payment_method: false;
  disputes: [];
  refunds: [];
  discount_id: null;
  invoice_id: string | null;
}

/** Dodo tags every event's `data` with what it is (resources/webhook-events.d.ts). */
export type EventData =
  | (DodoPayment & { payload_type: "Payment" })
  | (DodoSubscription & { payload_type: "Subscription" });

export type EventType =
  | "payment.succeeded"
  | "payment.failed"
  | "subscription.active"
  | "subscription.renewed"
  | "subscription.on_hold"
  | "subscription.cancelled"
  | "subscription.updated"
  | "subscription.plan_changed";

/**
 * `POST /subscriptions/{id}/change-plan`'s proration modes (`SubscriptionChangePlanParams`):
 * how the rest of the current period is charged when the plan changes.
 */
export const PRORATION_BILLING_MODES = [
  "prorated_immediately",
  "full_immediately",
  "difference_immediately",
  "do_not_bill",
] as const;
export type ProrationBillingMode = (typeof PRORATION_BILLING_MODES)[number];

/** One item of `GET /payments` (`PaymentListResponse`). */
export interface DodoPaymentListItem {
  brand_id: string;
  created_at: string;
  currency: "USD";
  customer: DodoCustomerDetails;
  digital_products_delivered: boolean;
  has_license_key: false;
  is_multi_subscription: boolean;
  metadata: Record<string, string>;
  payment_id: string;
  payment_provider: "stripe";
  subscription_ids: string[];
  total_amount: number;
  card_last_four: string | null;
  card_network: string | null;
  invoice_id: string | null;
  invoice_url: string | null;
  payment_method: string | null;
  payment_method_type: string | null;
  status: DodoPayment["status"];
  subscription_id: string | null;
}

export const US_BILLING: DodoBillingAddress = {
  country: "US",
  city: null,
  state: null,
  street: null,
  zipcode: null,
};
