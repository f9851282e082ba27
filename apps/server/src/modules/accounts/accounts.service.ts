import type { MeResponse } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { purgeDateOf } from "../account-rights/account-rights.service.ts";
import * as repo from "./accounts.repository.ts";

export async function getMe(db: Db, userId: string): Promise<MeResponse> {
  const [user, subscription, isAdmin, ownsConnectedWorkspace, hasPassword] = await Promise.all([
    repo.findUser(db, userId),
    repo.findSubscription(db, userId),
    repo.hasRole(db, userId, "admin"),
    repo.ownsWorkspaceWithDataSource(db, userId),
    repo.hasPassword(db, userId),
  ]);
  if (!user) throw new AppError("UNAUTHENTICATED", "You must be signed in");
  return {
    user: {
      id: user.id,
      fullName: user.fullName,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
    },
    isAdmin,
    onboardingCompleted: ownsConnectedWorkspace || user.onboardingCompletedAt !== null,
    subscription: subscription
      ? {
          tier: subscription.tier,
          status: subscription.status,
          dataSourceLimit: subscription.dataSourceLimit,
          dataSourcesUsed: subscription.dataSourcesUsed,
        }
      : null,
    twoFactorEnabled: user.twoFactorEnabled,
    deletionScheduledFor: user.deletionRequestedAt
      ? purgeDateOf(user.deletionRequestedAt).toISOString()
      : null,
    hasPassword,
  };
}

export async function updateProfile(db: Db, userId: string, fullName: string): Promise<MeResponse> {
  await repo.updateFullName(db, userId, fullName);
  return getMe(db, userId);
}

export async function completeOnboarding(db: Db, userId: string): Promise<void> {
  await repo.markOnboardingCompleted(db, userId);
}
