import { z } from "zod";
import { FullNameSchema } from "./auth.ts";
import { SubscriptionSchema } from "./plans.ts";

export const UserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof UserSchema>;

/** `GET /api/me`: who is signed in, and what the route guard needs to decide (spec §4). */
export const MeResponseSchema = z.object({
  user: UserSchema,
  isAdmin: z.boolean(),
  onboardingCompleted: z.boolean(),
  subscription: SubscriptionSchema.nullable(),
  /** Sign-in asks for an authenticator code; absent (an older answer) means off. */
  twoFactorEnabled: z.boolean().default(false),
  /**
   * When a requested deletion takes effect; until then the app shows only the recovery screen.
   * Null (or absent, an older answer) when no deletion is pending.
   */
  deletionScheduledFor: z.iso.datetime().nullable().default(null),
  /** Signs in with a password (false: Google only), so re-confirmations ask for the right thing. */
  hasPassword: z.boolean().default(true),
  /**
   * The address is proven (its link followed, Google's word, an accepted invitation); until then
   * the app asks to verify it and refuses what mails others or grants rights.
   */
  emailVerified: z.boolean().default(true),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/**
 * `GET /api/session`: the same answer as `GET /api/me` for a signed-in user, null for a visitor
 * without a session (200 either way; the web app's session probe).
 */
export const SessionResponseSchema = MeResponseSchema.nullable();
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** `PATCH /api/me`: the profile settings form (spec §2 /settings/profile). */
export const UpdateProfileRequestSchema = z.object({ fullName: FullNameSchema });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/**
 * One place the user is signed in: a session of the httpOnly cookie, by its id (never its
 * token). `lastActiveAt` moves at most once a day (the session's sliding extension).
 */
export const SignInSessionSchema = z.object({
  id: z.string(),
  /** The session of the request that asked: this browser. */
  current: z.boolean(),
  createdAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SignInSession = z.infer<typeof SignInSessionSchema>;

/** `GET /api/me/sessions`: where the user is signed in, this browser first, then newest first. */
export const SignInSessionListResponseSchema = z.object({
  sessions: z.array(SignInSessionSchema),
});
export type SignInSessionListResponse = z.infer<typeof SignInSessionListResponseSchema>;

/** `DELETE /api/me/sessions/:sessionId`: signs that browser out (not this one: Sign Out does). */
export const SignInSessionParamsSchema = z.object({
  // Better Auth's ids are random letters and digits; anything else names no session.
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "Session not found"),
});

/** `POST /api/me/sessions/sign-out-others`: every session but this browser's ends. */
export const SignOutOthersResponseSchema = z.object({ signedOut: z.number().int().min(0) });
export type SignOutOthersResponse = z.infer<typeof SignOutOthersResponseSchema>;
