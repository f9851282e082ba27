import type { SubscriptionTier } from "@utmost/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";

/**
 * Puts the user's subscription on `tier` (every user has one from sign-up, migration 0001). Tests
 * of what a plan sells (spec §9 Plans: alert channels, CSV exports) put the workspace owner on a
 * plan that sells it; the property limit is left as it was.
 */
export async function setPlan(db: Db, userId: string, tier: SubscriptionTier): Promise<void> {
  const updated = await db
    .update(subscriptions)
    .set({ tier })
    .where(eq(subscriptions.userId, userId))
    .returning({ id: subscriptions.id });
  if (updated.length !== 1) throw new Error(`user ${userId} has no subscription`);
}
