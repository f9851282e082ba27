import type { Billing } from "../billing/billing.service.ts";

export interface EmulatorContext {
  billing: Billing;
  apiKey: string;
  /** Where browsers and clients reach the stand-in, its mount prefix included, no trailing slash. */
  publicUrl: () => string;
}
