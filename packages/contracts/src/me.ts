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
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** `PATCH /api/me`: the profile settings form (spec §2 /settings/profile). */
export const UpdateProfileRequestSchema = z.object({ fullName: FullNameSchema });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;
