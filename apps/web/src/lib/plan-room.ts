import { TIER_LABELS, type WorkspaceSummary } from "@utmost/contracts";

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
}

/**
 * Spec §5: "Adding a property is blocked when used count >= limit", and a workspace's limit is its
 * owner's: the same count the server refuses an add on, shown where the add is offered.
 */
export function planRoom(workspace: WorkspaceSummary, viewerId: string | undefined): PlanRoom {
  const used = workspace.ownerDataSourcesUsed;
  return {
    planName: TIER_LABELS[workspace.ownerTier ?? "free"],
    used,
    limit: workspace.dataSourceLimit,
    atLimit: used >= workspace.dataSourceLimit,
    viewerIsOwner: workspace.ownerId === viewerId,
    countsOtherWorkspaces: used > workspace.dataSourceCount,
  };
}

/** The toast the spec gives a refused add (§8 Connection). */
export const PROPERTY_LIMIT_TOAST = {
  title: "Analytics property limit reached",
  description: "Please upgrade your plan to add more analytics properties",
} as const;
