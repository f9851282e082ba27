import type {
  MeResponse,
  SignInSessionListResponse,
  SignOutOthersResponse,
} from "@utmost/contracts";
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

// ---- Where the user is signed in ----

/** The user's live sessions: the asking browser's first, then newest first. */
export async function listSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  now: Date,
): Promise<SignInSessionListResponse> {
  const rows = await repo.findSessions(db, userId, now);
  const sessions = rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ipAddress: row.ipAddress || null,
    userAgent: row.userAgent || null,
  }));
  return {
    sessions: [
      ...sessions.filter((session) => session.current),
      ...sessions.filter((session) => !session.current),
    ],
  };
}

/**
 * Signs one of the user's other browsers out: its session row goes, so its next request is
 * signed out. This browser's own session ends with Sign Out, which also clears its cookie.
 */
export async function signOutSession(
  db: Db,
  userId: string,
  currentSessionId: string,
  sessionId: string,
): Promise<void> {
  if (sessionId === currentSessionId) {
    throw new AppError("BAD_REQUEST", "This is the session you are using: sign out instead");
  }
  if (!(await repo.deleteSession(db, userId, sessionId))) {
    throw new AppError("NOT_FOUND", "Session not found");
  }
}

/** Signs out everywhere but this browser (spec §7, auth: sign out, scope "others"). */
export async function signOutOthers(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<SignOutOthersResponse> {
  return { signedOut: await repo.deleteOtherSessions(db, userId, currentSessionId) };
}
