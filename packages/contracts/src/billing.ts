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

/** `GET /api/billing`: the signed-in user's own plan as the billing page shows it. */
export const BillingOverviewSchema = z.object({
  subscription: SubscriptionSchema.nullable(),
  /** Checkout's mode; null when this deployment sells no plans. */
  mode: BillingModeSchema.nullable(),
  /** The user pays through the provider and may open its customer portal (cancel, card). */
  canManage: z.boolean(),
  /**
   * After a failed renewal payment: when the account moves to Free unless a retry succeeds
   * (spec §9: 7 days). Null otherwise.
   */
  downgradeAt: z.string().nullable(),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

/** `POST /api/billing/portal`: a link into the provider's customer portal. */
export const BillingPortalResponseSchema = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof BillingPortalResponseSchema>;
