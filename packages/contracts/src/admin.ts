import { z } from "zod";
import { SubscriptionSchema, SubscriptionTierSchema } from "./plans.ts";
import { text } from "./text.ts";
import { WorkspaceRoleSchema } from "./workspaces.ts";

/** Spec §9: a scan error rate over 7 days above this is shown destructive. */
export const ADMIN_SCAN_ERROR_RATE_ALERT = 0.05;
/** Spec §9: the console lists this many issue types and recent scans. */
export const ADMIN_TOP_ISSUE_TYPES = 10;
export const ADMIN_RECENT_SCANS = 10;
/** Spec §7: the average score is taken over the last 100 scores. */
export const ADMIN_SCORE_SAMPLE = 100;
/** Spec §7 polling: system stats every 30 s, recent activity every 10 s. */
export const ADMIN_STATS_REFRESH_MS = 30_000;
export const ADMIN_ACTIVITY_REFRESH_MS = 10_000;

/** `GET /api/admin/stats`. */
export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalWorkspaces: z.number().int(),
  totalScans: z.number().int(),
  usersByTier: z.record(SubscriptionTierSchema, z.number().int()),
  scansRunning: z.number().int(),
  scansToday: z.number().int(),
  /** Mean of the last 100 completed scans' scores; null before any. */
  averageScore: z.number().nullable(),
  /** Scans of the last 7 days: failed / all; rate null when there were none. */
  scanErrors7d: z.object({
    failed: z.number().int(),
    total: z.number().int(),
    rate: z.number().nullable(),
  }),
  /** The 10 commonest active issue types across every property. */
  topIssueTypes: z.array(
    z.object({
      issueType: z.string(),
      count: z.number().int(),
      criticalCount: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** `GET /api/admin/recent-scans`: the 10 newest scans with their property and workspace. */
export const AdminRecentScanSchema = z.object({
  id: z.string(),
  status: z.enum(["running", "completed", "failed"]),
  healthScore: z.number().int().nullable(),
  healthGrade: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  dataSourceId: z.string(),
  dataSourceName: z.string(),
  workspaceName: z.string(),
});
export type AdminRecentScan = z.infer<typeof AdminRecentScanSchema>;
export const AdminRecentScansResponseSchema = z.object({ scans: z.array(AdminRecentScanSchema) });

/**
 * Who pays for a user's plan (issue 23). `dodo`: a Dodo subscription bills it, and an
 * administrator's change is made at Dodo too; `complimentary`: an administrator gave it without
 * Dodo, since `since` (null for a plan given before that date was kept), and Dodo's events leave
 * it alone; `free`: no paid plan.
 */
export const AdminPlanBillingSchema = z.discriminatedUnion("source", [
  z.object({ source: z.literal("dodo") }),
  z.object({ source: z.literal("complimentary"), since: z.string().nullable() }),
  z.object({ source: z.literal("free") }),
]);
export type AdminPlanBilling = z.infer<typeof AdminPlanBillingSchema>;

/** `GET /api/admin/users`: every user with roles, subscription and who pays for the plan. */
export const AdminUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  roles: z.array(z.literal("admin")),
  subscription: SubscriptionSchema.nullable(),
  billing: AdminPlanBillingSchema,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersResponseSchema = z.object({ users: z.array(AdminUserSchema) });
/** The answer to an admin's subscription edit: the user as the list now shows them. */
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });

export const AdminUserParamsSchema = z.object({ userId: text("User").min(1, "User not found") });

/** `PATCH /api/admin/users/:userId/subscription` (spec §5 "Admin edit"). */
export const AdminSubscriptionUpdateSchema = z.object({
  tier: SubscriptionTierSchema,
  dataSourceLimit: z
    .number({ error: "Property limit must be a number" })
    .int("Property limit must be a whole number")
    .min(1, "Property limit must be at least 1")
    .max(10_000, "Property limit must be at most 10000"),
});
export type AdminSubscriptionUpdate = z.infer<typeof AdminSubscriptionUpdateSchema>;

/** `GET /api/admin/workspaces`: every workspace with owner, members and properties. */
export const AdminWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["personal", "team"]),
  createdAt: z.string(),
  owner: z.object({ id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
  members: z.array(
    z.object({
      userId: z.string(),
      fullName: z.string(),
      email: z.string(),
      role: WorkspaceRoleSchema,
    }),
  ),
  dataSources: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      ga4PropertyId: z.string(),
      isActive: z.boolean(),
    }),
  ),
});
export type AdminWorkspace = z.infer<typeof AdminWorkspaceSchema>;
export const AdminWorkspacesResponseSchema = z.object({
  workspaces: z.array(AdminWorkspaceSchema),
});
