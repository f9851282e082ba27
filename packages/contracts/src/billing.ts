import { z } from "zod";
import { PaidTierSchema } from "./plans.ts";

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
