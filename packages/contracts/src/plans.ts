import { z } from "zod";

export const SubscriptionTierSchema = z.enum(["free", "pro", "advanced", "agency"]);
export type SubscriptionTier = z.infer<typeof SubscriptionTierSchema>;

/** The tiers sold through checkout (spec §7: upgrade buttons start checkout for these keys). */
export const PaidTierSchema = z.enum(["pro", "advanced", "agency"]);
export type PaidTier = z.infer<typeof PaidTierSchema>;
export const PAID_TIERS: readonly PaidTier[] = PaidTierSchema.options;

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

export type AlertChannel = "email" | "slack" | "webhook";

/**
 * One plan as sold (spec §9, "Plans (per month)"). This is the one source for the pricing
 * section, the billing page, the property limits, checkout and the scheduler.
 */
export interface Plan {
  tier: SubscriptionTier;
  /** The name shown to people; the key `advanced` is sold as Team. */
  name: string;
  priceUsd: number;
  /** Analytics properties included; the subscription's data_source_limit on this plan. */
  properties: number;
  /** Automated scan cadences offered; the first is the plan's default. */
  scanFrequencies: readonly ScanFrequency[];
  /** The alert channels the plan sells. */
  alertChannels: readonly AlertChannel[];
  csvExports: boolean;
  /** One table of every property across the user's workspaces (/clients). */
  multiClientDashboard: boolean;
  /** PDF reports of a property under the workspace's own name, logo and colour. */
  whiteLabelReports: boolean;
  /** Workspace API keys for the public API (/api/v1). */
  apiAccess: boolean;
  /**
   * How many days back scans, issues, trends, exports and the public API reach; null keeps every
   * scan. Older data is kept, not shown, and comes back with a plan that reaches further (ADR 023).
   */
  historyDays: number | null;
  /** The pricing card's feature lines. */
  features: readonly string[];
}

export const PLANS: Record<SubscriptionTier, Plan> = {
  free: {
    tier: "free",
    name: "Free",
    priceUsd: 0,
    properties: 1,
    scanFrequencies: ["monthly"],
    alertChannels: [],
    csvExports: false,
    multiClientDashboard: false,
    whiteLabelReports: false,
    apiAccess: false,
    historyDays: 7,
    features: ["1 analytics property", "Monthly automated scan", "Health dashboard"],
  },
  pro: {
    tier: "pro",
    name: "Pro",
    priceUsd: 15,
    properties: 1,
    scanFrequencies: ["daily", "weekly"],
    alertChannels: ["email"],
    csvExports: true,
    multiClientDashboard: false,
    whiteLabelReports: false,
    apiAccess: false,
    historyDays: 30,
    features: [
      "1 analytics property",
      "Daily scans",
      "Email alerts",
      "CSV exports",
      "30-day error history",
      "Same-day email support",
    ],
  },
  advanced: {
    tier: "advanced",
    name: "Team",
    priceUsd: 49,
    properties: 5,
    scanFrequencies: ["daily", "weekly"],
    alertChannels: ["email", "slack", "webhook"],
    csvExports: true,
    multiClientDashboard: false,
    whiteLabelReports: false,
    apiAccess: true,
    historyDays: 90,
    features: [
      "5 analytics properties",
      "Daily scans",
      "Email and Slack alerts",
      "CSV exports",
      "90-day error history",
      "Public API access",
      "Priority support",
    ],
  },
  agency: {
    tier: "agency",
    name: "Agency",
    priceUsd: 199,
    properties: 25,
    scanFrequencies: ["daily", "weekly"],
    alertChannels: ["email", "slack", "webhook"],
    csvExports: true,
    multiClientDashboard: true,
    whiteLabelReports: true,
    apiAccess: true,
    historyDays: null,
    features: [
      "25 analytics properties",
      "Daily scans",
      "Email and Slack alerts",
      "Unlimited error history",
      "Multi-client dashboard",
      "White-label PDF reports",
      "Client-level user access",
      "Public API access",
      "Priority support",
    ],
  },
};

/** The plans in the order they are shown. */
export const PLAN_LIST: readonly Plan[] = SubscriptionTierSchema.options.map((tier) => PLANS[tier]);

/** The plan of a tier; no subscription at all reads as Free, where every account starts. */
export function planOf(tier: SubscriptionTier | null | undefined): Plan {
  return PLANS[tier ?? "free"];
}

/**
 * The cheapest plan that sells what `sells` asks for: the plan an upgrade notice names
 * ('Slack alerts are part of the Team plan and above').
 */
export function cheapestPlanWith(sells: (plan: Plan) => boolean): Plan {
  const [cheapest] = PLAN_LIST.filter(sells).sort((a, b) => a.priceUsd - b.priceUsd);
  if (!cheapest) throw new Error("No plan sells this");
  return cheapest;
}

/** Spec §9: each property beyond the plan's allowance. */
export const EXTRA_PROPERTY_PRICE_USD = 10;
/** Spec §9: paid plans carry a money-back guarantee. */
export const MONEY_BACK_GUARANTEE_DAYS = 7;
/** Spec §9 legal facts: the provider retries a failed payment up to 3 times ... */
export const PAYMENT_RETRY_ATTEMPTS = 3;
/** ... and the account is downgraded to Free this many days after the payment failed. */
export const PAYMENT_FAILURE_GRACE_DAYS = 7;

/**
 * Spec §9: Free scans monthly; Pro, Team and Agency daily, weekly selectable. The first of each
 * list is the plan's default.
 */
export const PLAN_SCAN_FREQUENCIES: Record<SubscriptionTier, readonly ScanFrequency[]> = {
  free: PLANS.free.scanFrequencies,
  pro: PLANS.pro.scanFrequencies,
  advanced: PLANS.advanced.scanFrequencies,
  agency: PLANS.agency.scanFrequencies,
};

/** Display names of the tiers (spec §9: the key `advanced` is sold as Team). */
export const TIER_LABELS: Record<SubscriptionTier, string> = {
  free: PLANS.free.name,
  pro: PLANS.pro.name,
  advanced: PLANS.advanced.name,
  agency: PLANS.agency.name,
};
