import { z } from "zod";

export const SubscriptionTierSchema = z.enum(["free", "pro", "advanced", "agency"]);
export type SubscriptionTier = z.infer<typeof SubscriptionTierSchema>;

/** Spec §3 and §9: every account starts on Free with one analytics property. */
export const DEFAULT_DATA_SOURCE_LIMIT = 1;

export const SubscriptionSchema = z.object({
  tier: SubscriptionTierSchema,
  status: z.string(),
  dataSourceLimit: z.number().int(),
  dataSourcesUsed: z.number().int(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** How often automated scans run (spec §9; ADR 009). */
export const ScanFrequencySchema = z.enum(["daily", "weekly", "monthly"]);
export type ScanFrequency = z.infer<typeof ScanFrequencySchema>;

/**
 * Spec §9: Free scans monthly; Pro, Team and Agency daily, weekly selectable. The first of each
 * list is the plan's default.
 */
export const PLAN_SCAN_FREQUENCIES: Record<SubscriptionTier, readonly ScanFrequency[]> = {
  free: ["monthly"],
  pro: ["daily", "weekly"],
  advanced: ["daily", "weekly"],
  agency: ["daily", "weekly"],
};

/** Display names of the tiers (spec §9: the key `advanced` is sold as Team). */
export const TIER_LABELS: Record<SubscriptionTier, string> = {
  free: "Free",
  pro: "Pro",
  advanced: "Team",
  agency: "Agency",
};
