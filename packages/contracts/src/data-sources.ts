import { z } from "zod";
import { ScanFrequencySchema } from "./plans.ts";
import { ScanSchema } from "./scans.ts";
import { text } from "./text.ts";

/** A connected GA4 property (spec §3 data_sources); tokens never leave the server. */
export const DataSourceSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  type: z.literal("ga4"),
  /** Digits only, e.g. "312456789". */
  ga4PropertyId: z.string(),
  ga4AccountName: z.string().nullable(),
  isActive: z.boolean(),
  /**
   * The owner's plan no longer covers this property (a downgrade): kept with its history, not
   * scanned until the plan covers it again (spec §9).
   */
  pausedByPlan: z.boolean(),
  lastSyncedAt: z.iso.datetime().nullable(),
  /** Set once a scan found the property large (spec §4 chunking). */
  chunkSizeDays: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  /** The newest scan, running or finished; null before the first. */
  latestScan: ScanSchema.nullable(),
});
export type DataSource = z.infer<typeof DataSourceSchema>;

/** `GET /api/workspaces/:workspaceId/data-sources`: newest first. */
export const DataSourceListResponseSchema = z.object({ dataSources: z.array(DataSourceSchema) });
export type DataSourceListResponse = z.infer<typeof DataSourceListResponseSchema>;

/** `GET /api/data-sources/:dataSourceId`. */
export const DataSourceResponseSchema = z.object({ dataSource: DataSourceSchema });
export type DataSourceResponse = z.infer<typeof DataSourceResponseSchema>;

export const DataSourceIdParamsSchema = z.object({
  dataSourceId: z.uuid("Analytics property not found"),
});

/**
 * `POST /api/oauth/google/init` (spec §7 google-oauth-init): the consent URL for connecting a
 * property to the workspace, or for reconnecting `dataSourceId`. A new connection without a
 * workspace goes to the user's first one, created when the user has none (spec §8 'No workspace
 * found and failed to create'); a reconnect names its workspace ('No workspace selected').
 */
export const GoogleOAuthInitRequestSchema = z
  .object({
    workspaceId: z.uuid("No workspace selected").optional(),
    dataSourceId: z.uuid("Analytics property not found").optional(),
  })
  .refine((request) => request.dataSourceId === undefined || request.workspaceId !== undefined, {
    path: ["workspaceId"],
    message: "No workspace selected",
  });
export type GoogleOAuthInitRequest = z.infer<typeof GoogleOAuthInitRequestSchema>;

export const GoogleOAuthInitResponseSchema = z.object({ oauthUrl: z.url() });
export type GoogleOAuthInitResponse = z.infer<typeof GoogleOAuthInitResponseSchema>;

/**
 * After consent Google returns to `GET /api/oauth/google/callback`, which keeps the tokens on the
 * server and sends the browser on: a new connection to `/connect-data-source?connection=<id>`, a
 * reconnect to `/data-sources?reconnected=<dataSourceId>`, a refusal or failure to
 * `/connect-data-source?error=<message>` (spec §8 'Authorization failed').
 */
/** What Google appends to the callback (RFC 6749 §4.1.2 and §4.1.2.1); the rest is ignored. */
export const GoogleOAuthCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  scope: z.string().optional(),
});
export type GoogleOAuthCallbackQuery = z.infer<typeof GoogleOAuthCallbackQuerySchema>;

export const GoogleConnectionIdParamsSchema = z.object({
  connectionId: z.uuid("This Google authorization has expired. Please authorize again."),
});

/** Spec §3 OAuth callback `properties`: accounts with their property summaries. */
export const GoogleAccountSummarySchema = z.object({
  displayName: z.string(),
  propertySummaries: z.array(
    z.object({
      /** `properties/{id}`. */
      property: z.string(),
      displayName: z.string(),
      propertyType: z.string(),
    }),
  ),
});
export type GoogleAccountSummary = z.infer<typeof GoogleAccountSummarySchema>;

/** `GET /api/oauth/google/connections/:connectionId`: the property picker's list. */
export const GoogleConnectionResponseSchema = z.object({
  workspaceId: z.uuid(),
  accounts: z.array(GoogleAccountSummarySchema),
});
export type GoogleConnectionResponse = z.infer<typeof GoogleConnectionResponseSchema>;

/**
 * `POST /api/data-sources` (Save Analytics Property): spends the connection handle, creates the
 * property in the connection's workspace and starts its first audit. Refused with
 * 'Analytics property limit reached' when the owner's plan is full.
 */
export const CreateDataSourceRequestSchema = z.object({
  connectionId: z.uuid("Missing authentication data"),
  property: text("Property", { error: "Please select a GA4 property" }).regex(
    /^properties\/\d+$/,
    "Please select a GA4 property",
  ),
});
export type CreateDataSourceRequest = z.infer<typeof CreateDataSourceRequestSchema>;

export const CreateDataSourceResponseSchema = z.object({
  dataSource: DataSourceSchema,
  /** The first audit, started at once; null if it could not start. */
  scan: ScanSchema.nullable(),
});
export type CreateDataSourceResponse = z.infer<typeof CreateDataSourceResponseSchema>;

/**
 * `GET` and `PUT /api/data-sources/:dataSourceId/scan-schedule` (spec §9; ADR 009): how often the
 * property's automated scans run. Free scans monthly; paid plans daily, weekly selectable.
 */
export const ScanScheduleSchema = z.object({
  /** The cadence automated scans follow now. */
  frequency: ScanFrequencySchema,
  /** The cadence chosen for the property; null follows the plan's default. */
  chosen: ScanFrequencySchema.nullable(),
  /** What the workspace owner's plan offers, its default first. */
  offered: z.array(ScanFrequencySchema),
  /** When the next automated scan is due; null while the property needs reconnecting. */
  nextScanAt: z.iso.datetime().nullable(),
});
export type ScanSchedule = z.infer<typeof ScanScheduleSchema>;

export const ScanScheduleResponseSchema = z.object({ scanSchedule: ScanScheduleSchema });
export type ScanScheduleResponse = z.infer<typeof ScanScheduleResponseSchema>;

export const UpdateScanScheduleRequestSchema = z.object({
  /** null goes back to the plan's default. */
  frequency: ScanFrequencySchema.nullable(),
});
export type UpdateScanScheduleRequest = z.infer<typeof UpdateScanScheduleRequestSchema>;
