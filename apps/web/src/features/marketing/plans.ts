import type { SubscriptionTier } from "@utmost/contracts";

export interface PlanCard {
  /** The subscription tier the plan sells; Free has none to buy (spec §5). */
  tier: SubscriptionTier;
  name: string;
  priceUsd: number;
  properties: number;
  features: string[];
}

/** Spec §9, "Plans (per month)". */
export const PLANS: PlanCard[] = [
  {
    tier: "free",
    name: "Free",
    priceUsd: 0,
    properties: 1,
    features: ["Monthly automated scan", "Health dashboard"],
  },
  {
    tier: "pro",
    name: "Pro",
    priceUsd: 15,
    properties: 1,
    features: [
      "Daily scans",
      "Email alerts",
      "CSV exports",
      "30-day error history",
      "Same-day email support",
    ],
  },
  {
    tier: "advanced",
    name: "Team",
    priceUsd: 49,
    properties: 5,
    features: ["Daily scans", "Email and Slack alerts", "CSV exports", "Priority support"],
  },
  {
    tier: "agency",
    name: "Agency",
    priceUsd: 199,
    properties: 25,
    features: [
      "Email and Slack alerts",
      "Multi-client dashboard",
      "White-label PDF reports",
      "Client-level user access",
      "Priority support",
    ],
  },
];

/** Spec §9: each property beyond the plan's allowance. */
export const EXTRA_PROPERTY_PRICE_USD = 10;
export const MONEY_BACK_GUARANTEE_DAYS = 7;
