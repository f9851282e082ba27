import { z } from "zod";
import { text } from "./text.ts";

/**
 * A workspace's naming conventions (ADR 012): per UTM parameter, the values allowed and a
 * pattern (RE2, matched against the whole value), either of which lets a value through. The
 * engine's validateConventions decides what can be saved (RE2 syntax, 200 values of at most 100
 * characters, a 500-character pattern); the schema only bounds what a request may carry.
 */

export const UTM_PARAM_KEYS = ["source", "medium", "campaign", "term", "content", "id"] as const;
export type UtmParamKey = (typeof UTM_PARAM_KEYS)[number];

export const ParamConventionSchema = z.strictObject({
  allowed: z
    .array(text("An allowed value", { error: "Allowed values must be text" }), {
      error: "Allowed values must be a list",
    })
    .max(1_000, "Too many allowed values")
    .optional(),
  pattern: text("The pattern", { error: "The pattern must be text" })
    .max(5_000, "Pattern is too long")
    .optional(),
});
export type ParamConventionValues = z.infer<typeof ParamConventionSchema>;

export const NamingConventionsSchema = z.strictObject({
  source: ParamConventionSchema.optional(),
  medium: ParamConventionSchema.optional(),
  campaign: ParamConventionSchema.optional(),
  term: ParamConventionSchema.optional(),
  content: ParamConventionSchema.optional(),
  id: ParamConventionSchema.optional(),
});
export type NamingConventionsValues = z.infer<typeof NamingConventionsSchema>;

/** `PUT /api/workspaces/:workspaceId/conventions` (owner and admin): replaces them all. */
export const UpdateConventionsRequestSchema = NamingConventionsSchema;
export type UpdateConventionsRequest = z.infer<typeof UpdateConventionsRequestSchema>;

/** `GET` and `PUT /api/workspaces/:workspaceId/conventions`; never saved means none. */
export const ConventionsResponseSchema = z.object({
  conventions: NamingConventionsSchema,
  updatedAt: z.iso.datetime().nullable(),
});
export type ConventionsResponse = z.infer<typeof ConventionsResponseSchema>;
