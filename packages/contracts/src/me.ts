import { z } from "zod";
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
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** `PATCH /api/me`: the profile settings form (spec §2 /settings/profile). */
export const UpdateProfileRequestSchema = z.object({
  fullName: z
    .string({ error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(200, "Full name must be at most 200 characters"),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;
