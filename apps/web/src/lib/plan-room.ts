import { EXTRA_PROPERTY_PRICE_USD, TIER_LABELS, type WorkspaceSummary } from "@utmost/contracts";

/** How a workspace stands against its owner's property limit, as the viewer may act on it. */
export interface PlanRoom {
  /** The owner's plan name ("Free", "Team"). */
  planName: string;
  /** Properties counted against the limit, across every workspace the owner owns. */
  used: number;
  limit: number;
  atLimit: boolean;
  /** Only the owner can upgrade the plan a workspace runs on. */
  viewerIsOwner: boolean;
  /** Some of the counted properties live in the owner's other workspaces. */
  countsOtherWorkspaces: boolean;
  /** The viewer owns a paid plan, which sells add-on properties (spec §9, issue 23). */
  canBuyProperty: boolean;
  /** A larger plan exists: Agency has none to upgrade to. */
  canUpgrade: boolean;
}

/**
 * Spec §5: "Adding a property is blocked when used count >= limit", and a workspace's limit is its
 * owner's: the same count the server refuses an add on, shown where the add is offered.
 */
export function planRoom(workspace: WorkspaceSummary, viewerId: string | undefined): PlanRoom {
  const used = workspace.ownerDataSourcesUsed;
  const tier = workspace.ownerTier ?? "free";
  const viewerIsOwner = workspace.ownerId === viewerId;
  return {
    planName: TIER_LABELS[tier],
    used,
    limit: workspace.dataSourceLimit,
    atLimit: used >= workspace.dataSourceLimit,
    viewerIsOwner,
    countsOtherWorkspaces: used > workspace.dataSourceCount,
    canBuyProperty: viewerIsOwner && tier !== "free",
    canUpgrade: tier !== "agency",
  };
}

/** The toast the spec gives a refused add (§8 Connection). */
export const PROPERTY_LIMIT_TOAST = {
  title: "Analytics property limit reached",
  description: "Please upgrade your plan to add more analytics properties",
} as const;

/** The limit notice's offer on a paid plan (issue 23): one more add-on property. */
export const ADD_PROPERTY_OFFER = `Add a property for $${EXTRA_PROPERTY_PRICE_USD}/month`;

/** Where the offer leads: the billing page's add-on properties, one more than today. */
export const ADD_PROPERTY_PATH = "/settings/billing?add-property=1#add-on-properties";
