import { z } from "zod";
import { HealthGradeSchema, ScanStatusSchema } from "./scans.ts";

/** How a property stands on the multi-client dashboard (as on the Analytics Properties page). */
export const PortfolioStatusSchema = z.enum([
  "active",
  "inactive",
  "over_plan_limit",
  "needs_reconnect",
]);
export type PortfolioStatus = z.infer<typeof PortfolioStatusSchema>;

/** One property on the multi-client dashboard (/clients). */
export const PortfolioPropertySchema = z.object({
  dataSourceId: z.uuid(),
  name: z.string(),
  ga4PropertyId: z.string(),
  workspaceId: z.uuid(),
  workspaceName: z.string(),
  status: PortfolioStatusSchema,
  /** Of the latest completed scan; null before the first. */
  healthScore: z.number().int().min(0).max(100).nullable(),
  healthGrade: HealthGradeSchema.nullable(),
  /** Of the completed scan before the latest. */
  previousHealthScore: z.number().int().min(0).max(100).nullable(),
  /** Latest minus previous completed scan's score; null without two scored scans. */
  scoreChange: z.number().int().nullable(),
  /** Critical issues by the counts model (`counts.ts`), of the latest completed scan. */
  criticalIssuesCount: z.number().int(),
  /** The newest scan, whatever its outcome. */
  lastScanAt: z.iso.datetime().nullable(),
  lastScanStatus: ScanStatusSchema.nullable(),
});
export type PortfolioProperty = z.infer<typeof PortfolioPropertySchema>;

/**
 * `GET /api/portfolio`: every property of every workspace the user belongs to whose owner's
 * plan sells the multi-client dashboard (Agency).
 */
export const PortfolioResponseSchema = z.object({
  properties: z.array(PortfolioPropertySchema),
});
export type PortfolioResponse = z.infer<typeof PortfolioResponseSchema>;
