import type { MeResponse } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { purgeDateOf } from "../account-rights/account-rights.service.ts";
import * as repo from "./accounts.repository.ts";

export async function getMe(db: Db, userId: string): Promise<MeResponse> {
  const me = await repo.findMe(db, userId);
  if (!me) throw new AppError("UNAUTHENTICATED", "You must be signed in");
  const { subscription } = me;
  return {
    user: {
      id: me.id,
      fullName: me.fullName,
      email: me.email,
      createdAt: me.createdAt.toISOString(),
    },
    isAdmin: me.isAdmin,
    onboardingCompleted: me.ownsWorkspaceWithDataSource || me.onboardingCompletedAt !== null,
    subscription: subscription
      ? {
          tier: subscription.tier,
          status: subscription.status,
          dataSourceLimit: subscription.dataSourceLimit,
          dataSourcesUsed: subscription.dataSourcesUsed,
        }
      : null,
    twoFactorEnabled: me.twoFactorEnabled,
    deletionScheduledFor: me.deletionRequestedAt
      ? purgeDateOf(me.deletionRequestedAt).toISOString()
      : null,
    hasPassword: me.hasPassword,
    emailVerified: me.emailVerified,
  };
}

export async function updateProfile(db: Db, userId: string, fullName: string): Promise<MeResponse> {
  await repo.updateFullName(db, userId, fullName);
  return getMe(db, userId);
}

export async function completeOnboarding(db: Db, userId: string): Promise<void> {
  await repo.markOnboardingCompleted(db, userId);
}
