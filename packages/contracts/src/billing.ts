import { z } from "zod";
import { PaidTierSchema, SubscriptionSchema } from "./plans.ts";

/** `POST /api/billing/checkout` (spec §7 create-dodo-checkout). */
export const CreateCheckoutRequestSchema = z.object({ tier: PaidTierSchema });
export type CreateCheckoutRequest = z.infer<typeof CreateCheckoutRequestSchema>;

export const BillingModeSchema = z.enum(["test", "live"]);
export type BillingMode = z.infer<typeof BillingModeSchema>;

export const CreateCheckoutResponseSchema = z.object({
  sessionId: z.string(),
  /** The provider's hosted checkout page; the browser goes there. */
  checkoutUrl: z.string(),
  mode: BillingModeSchema,
});
export type CreateCheckoutResponse = z.infer<typeof CreateCheckoutResponseSchema>;

/** Where checkout sends the browser back after a successful payment (spec §2 /dashboard). */
export const PAYMENT_SUCCESS_PATH = "/dashboard?payment=success";

/** Shown beside upgrade buttons while billing runs in test mode (spec §8). */
export const TEST_CARD_HINT =
  "Use the test card 4242 4242 4242 4242 with any future expiry date and any CVC. No real charge is made.";

/**
 * A renewal payment that failed (spec §9 legal facts: retried up to 3 times, downgrade after 7
 * days). The paid plan, and all it sells, holds until `endsAt` unless a retry goes through; then
 * the account moves to Free.
 */
export const PaymentGraceSchema = z.object({
  /** The plan that holds until `endsAt`. */
  tier: PaidTierSchema,
  /** The first failed payment. */
  failedAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type PaymentGrace = z.infer<typeof PaymentGraceSchema>;

/** `GET /api/billing`: the signed-in user's own plan as the billing page shows it. */
export const BillingOverviewSchema = z.object({
  subscription: SubscriptionSchema.nullable(),
  /** Checkout's mode; null when this deployment sells no plans. */
  mode: BillingModeSchema.nullable(),
  /** The user pays through the provider and may open its customer portal (cancel, card). */
  canManage: z.boolean(),
  /** After a failed renewal payment: when it failed and when the plan ends. Null otherwise. */
  paymentGrace: PaymentGraceSchema.nullable(),
  /** Add-on properties bought on top of the plan's (ADR 025); counted in `dataSourceLimit`. */
  extraProperties: z.number().int().min(0),
  /** The user pays for a plan through the provider, which sells add-on properties here. */
  canBuyExtraProperties: z.boolean(),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

/** `POST /api/billing/portal`: a link into the provider's customer portal. */
export const BillingPortalResponseSchema = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof BillingPortalResponseSchema>;

/**
 * One charge of a paid plan as the provider lists it (issue 22): the billing page's invoices.
 * `url` opens the provider's invoice; null for a declined charge, which has none.
 */
export const BillingInvoiceSchema = z.object({
  paymentId: z.string(),
  date: z.iso.datetime({ offset: true }),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  url: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof BillingInvoiceSchema>;

/**
 * What the subscription is made of, one line each: the plan, then its add-ons (issue 23), so the
 * page lists whatever the provider bills.
 */
export const BillingLineSchema = z.object({
  kind: z.enum(["plan", "add-on"]),
  name: z.string(),
  quantity: z.number().int(),
  /** Per month, for the whole line. */
  amountCents: z.number().int(),
});
export type BillingLine = z.infer<typeof BillingLineSchema>;

/** A paid plan as the provider bills it, read live (`GET /api/billing/details`). */
export const BillingDetailsSchema = z.object({
  tier: PaidTierSchema,
  status: z.string(),
  lines: z.array(BillingLineSchema),
  /** The whole subscription per month. */
  amountCents: z.number().int(),
  currency: z.string(),
  /** The next charge; null once the plan is set to end. */
  renewsAt: z.iso.datetime({ offset: true }).nullable(),
  /** When a cancelled plan ends (or ended); null while it renews. */
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  /** The card on file, from the latest charge; null before any. */
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  invoices: z.array(BillingInvoiceSchema),
});
export type BillingDetails = z.infer<typeof BillingDetailsSchema>;

/** Null on Free, or where this deployment sells no plans. */
export const BillingDetailsResponseSchema = z.object({ details: BillingDetailsSchema.nullable() });
export type BillingDetailsResponse = z.infer<typeof BillingDetailsResponseSchema>;

/**
 * `POST /api/billing/change-plan`: one step from one paid plan to another, the rest of the
 * period prorated by the provider.
 */
export const ChangePlanRequestSchema = z.object({ tier: PaidTierSchema });
export type ChangePlanRequest = z.infer<typeof ChangePlanRequestSchema>;

/** The add-on's name on the bill. */
export const EXTRA_PROPERTY_NAME = "Extra analytics property";

/** How many add-on properties one account may hold; more is a conversation, not a form field. */
export const MAX_EXTRA_PROPERTIES = 100;

/**
 * `POST /api/billing/extra-properties` (issue 23): the number of add-on properties the paid plan
 * should carry from now on, the rest of the period prorated by the provider; 0 removes them.
 */
export const SetExtraPropertiesRequestSchema = z.object({
  extraProperties: z
    .number({ error: "The number of add-on properties must be a number" })
    .int("The number of add-on properties must be a whole number")
    .min(0, "The number of add-on properties cannot be negative")
    .max(
      MAX_EXTRA_PROPERTIES,
      `At most ${MAX_EXTRA_PROPERTIES} add-on properties; contact support for more`,
    ),
});
export type SetExtraPropertiesRequest = z.infer<typeof SetExtraPropertiesRequestSchema>;
