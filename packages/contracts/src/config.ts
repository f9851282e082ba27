import { z } from "zod";
import { BillingModeSchema } from "./billing.ts";

/** `GET /api/config`: what the browser needs to know about this deployment. */
export const PublicConfigResponseSchema = z.object({
  /** The embedded demo keeps mail in a local outbox the browser can read. */
  outboxEnabled: z.boolean(),
  /** "Continue with Google" is set up (real Google or the stand-in). */
  googleSignIn: z.boolean(),
  /** Checkout's mode, or null when this deployment sells no plans (no payment provider set up). */
  billingMode: BillingModeSchema.nullable(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponseSchema>;
