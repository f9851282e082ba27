import { z } from "zod";
import { SubscriptionTierSchema } from "./plans.ts";

/**
 * How far back a property's history reaches on its workspace owner's plan (spec §9 Plans,
 * `Plan.historyDays`; ADR 023): scans, issues, trends, CSV exports and the public API stop at
 * `startsAt`, except the latest completed scan, which is always shown.
 */
export const HistoryWindowSchema = z.object({
  /** The plan that applies now (a failed payment's 7 days of grace included). */
  tier: SubscriptionTierSchema,
  /** Days back the plan reaches; null keeps every scan. */
  days: z.number().int().positive().nullable(),
  /** Where the plan's window begins; null when it keeps every scan. */
  startsAt: z.iso.datetime().nullable(),
  /** The property has scans older than the window: kept, and shown again on a plan that reaches them. */
  olderHidden: z.boolean(),
});
export type HistoryWindow = z.infer<typeof HistoryWindowSchema>;

export const HistoryWindowResponseSchema = z.object({ history: HistoryWindowSchema });
export type HistoryWindowResponse = z.infer<typeof HistoryWindowResponseSchema>;
