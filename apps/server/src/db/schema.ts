import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Binary columns (PDF files, logos, scan checkpoints) come back as a Buffer from either driver. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

// ---- Better Auth's tables (field names are Better Auth's; `name` is stored as full_name) ----

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  fullName: text("full_name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** Set by the onboarding finish action (spec §4: Skip and the final step). */
  onboardingCompletedAt: timestamp("onboarding_completed_at", { withTimezone: true }),
  /** Better Auth's two-factor plugin: set once the user has confirmed an authenticator code. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  /**
   * "Delete my account": set when asked; signing in within 30 days offers recovery, after that
   * the purge job removes the user and the workspaces they own (spec §9 legal facts).
   */
  deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
  /** When the user last signed in or used the app; inactive accounts are deleted (spec §9). */
  lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
  /** When the inactivity notice went out (60 days before deletion); cleared on activity. */
  inactivityNoticeAt: timestamp("inactivity_notice_at", { withTimezone: true }),
  ...timestamps,
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Better Auth's rate-limit counters, kept in the database so every API process shares them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Better Auth's two-factor plugin: one authenticator per user. `secret` and `backupCodes` are
 * encrypted by Better Auth with APP_SECRET before they reach this table; `verified` stays false
 * until the first code is confirmed, and the failure count and lock cap guessing per account.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factors_user_id_idx").on(t.userId)],
);

/**
 * TOTP codes already accepted, so none is accepted twice (RFC 6238 §5.2): Better Auth's plugin
 * accepts a code for its whole window. Only a hash of the code is kept, and only for minutes.
 */
export const twoFactorUsedCodes = pgTable(
  "two_factor_used_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

// ---- Utmost's own tables (spec §3) ----

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const subscriptionTier = pgEnum("subscription_tier", ["free", "pro", "advanced", "agency"]);

/** One per user, created with the user by a trigger (migration 0001) so sign-up stays atomic. */
export const subscriptions = pgTable("subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  tier: subscriptionTier("tier").notNull().default("free"),
  status: text("status").notNull().default("active"),
  dataSourceLimit: integer("data_source_limit").notNull().default(1),
  dataSourcesUsed: integer("data_sources_used").notNull().default(0),
  /** The payment provider's subscription and customer (Dodo Payments); null on Free. */
  providerSubscriptionId: text("provider_subscription_id").unique(),
  providerCustomerId: text("provider_customer_id"),
  /**
   * When the provider's newest applied event happened: an older event arriving later describes
   * an earlier state and is not applied over a newer one (ADR 011).
   */
  providerEventAt: timestamp("provider_event_at", { withTimezone: true }),
  /** When a renewal payment first failed; the account drops to Free 7 days on (spec §9). */
  paymentFailedAt: timestamp("payment_failed_at", { withTimezone: true }),
  /**
   * Set when an administrator gave this plan without the provider (a complimentary plan): the
   * provider's events do not change it; null when the provider's subscription decides the plan.
   */
  complimentarySince: timestamp("complimentary_since", { withTimezone: true }),
  /** Add-on properties bought on top of the plan's (spec §9: $10/month each); the limit adds them. */
  extraProperties: integer("extra_properties").notNull().default(0),
  ...timestamps,
});

/**
 * Every webhook the payment provider delivered, by its `webhook-id`: a delivery seen before is
 * acknowledged and not applied again (ADR 011).
 */
export const billingEvents = pgTable(
  "billing_events",
  {
    webhookId: text("webhook_id").primaryKey(),
    type: text("type").notNull(),
    /** The event's own timestamp (when it happened at the provider). */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** applied | stale (older than the state already applied) | ignored (not about a plan). */
    outcome: text("outcome", { enum: ["applied", "stale", "ignored"] }).notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_events_subscription_idx").on(t.providerSubscriptionId, t.occurredAt)],
);

export const workspaceType = pgEnum("workspace_type", ["personal", "team"]);
export const workspaceRole = pgEnum("workspace_role", ["owner", "admin", "member"]);

export const workspaces = pgTable(
  "workspaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    type: workspaceType("type").notNull().default("team"),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("workspaces_owner_id_idx").on(t.ownerId)],
);

export const workspaceUsers = pgTable(
  "workspace_users",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceRole: workspaceRole("workspace_role").notNull().default("member"),
    /**
     * Client-level access (Agency): when true, the member sees and acts on only the properties
     * granted in `member_property_grants`; when false, every property of the workspace.
     */
    chosenPropertiesOnly: boolean("chosen_properties_only").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_users_user_id_idx").on(t.userId),
  ],
);

/** The properties a member with chosen-properties-only access may see (client-level access). */
export const memberPropertyGrants = pgTable(
  "member_property_grants",
  {
    workspaceId: uuid("workspace_id").notNull(),
    userId: text("user_id").notNull(),
    dataSourceId: uuid("data_source_id")
      .notNull()
      .references(() => dataSources.id, { onDelete: "cascade" }),
    grantedByUserId: text("granted_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dataSourceId] }),
    foreignKey({
      name: "member_property_grants_member_fk",
      columns: [t.workspaceId, t.userId],
      foreignColumns: [workspaceUsers.workspaceId, workspaceUsers.userId],
    }).onDelete("cascade"),
    index("member_property_grants_data_source_id_idx").on(t.dataSourceId),
  ],
);

export const invitationStatus = pgEnum("invitation_status", [
  "pending",
  "accepted",
  "declined",
  "expired",
]);

/**
 * Spec §3 workspace_invitations. The link's token is never stored, only its SHA-256 hash. A
 * cancelled invitation is deleted (spec §4); a pending one past `expires_at` reads as expired and
 * is marked `expired` when a new invitation to the same email replaces it.
 */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased: acceptance compares emails ignoring case (spec §5). */
    invitedEmail: text("invited_email").notNull(),
    workspaceRole: workspaceRole("workspace_role").notNull().default("member"),
    status: invitationStatus("status").notNull().default("pending"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    respondedByUserId: text("responded_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workspace_invitations_workspace_created_idx").on(t.workspaceId, t.createdAt),
    // One pending invitation per email and workspace, however many admins send at once.
    uniqueIndex("workspace_invitations_one_pending_idx")
      .on(t.workspaceId, t.invitedEmail)
      .where(sql`${t.status} = 'pending'`),
    check("workspace_invitations_role_check", sql`${t.workspaceRole} in ('admin', 'member')`),
  ],
);

/**
 * Connected GA4 properties (spec §3). Present from the start because the onboarding rule
 * (spec §4: a user owns a workspace with at least one data source) reads it.
 */
export const dataSources = pgTable(
  "data_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    connectedByUserId: text("connected_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    name: text("name").notNull(),
    type: text("type", { enum: ["ga4"] })
      .notNull()
      .default("ga4"),
    ga4PropertyId: text("ga4_property_id").notNull(),
    ga4AccountName: text("ga4_account_name"),
    accessTokenEncrypted: text("access_token_encrypted"),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    /** Scopes Google granted with the tokens (space-separated). */
    tokenScopes: text("token_scopes"),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Set when the owner's plan no longer covers this property (a downgrade): it is kept, with
     * its history, but inactive; a later upgrade brings it back (spec §9).
     */
    suspendedByPlanAt: timestamp("suspended_by_plan_at", { withTimezone: true }),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /**
     * Spec §4: once a property needed chunking (over 100K sessions in a scan's range), later
     * scans fetch it in chunks of this many days. Null until a scan finds it large.
     */
    chunkSizeDays: integer("chunk_size_days"),
    /**
     * How often automated scans run (spec §9); null follows the plan (Free monthly, paid daily).
     * A value the plan does not offer is ignored (ADR 009).
     */
    scanFrequency: text("scan_frequency", { enum: ["daily", "weekly", "monthly"] }),
    /** The schedule slot the last automated scan served; the next is due after a later slot. */
    lastScheduledScanAt: timestamp("last_scheduled_scan_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("data_sources_workspace_id_idx").on(t.workspaceId),
    uniqueIndex("data_sources_workspace_property_idx").on(t.workspaceId, t.ga4PropertyId),
    check(
      "data_sources_scan_frequency_check",
      sql`${t.scanFrequency} in ('daily', 'weekly', 'monthly')`,
    ),
  ],
);

/**
 * Between the OAuth callback and "Save Analytics Property" the tokens stay on the server under a
 * short-lived handle (ADR 007), never in the browser. One row per completed consent.
 */
export const googleConnections = pgTable(
  "google_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Set for a reconnect of this property. */
    dataSourceId: uuid("data_source_id").references(() => dataSources.id, { onDelete: "cascade" }),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }).notNull(),
    tokenScopes: text("token_scopes").notNull(),
    /** The handle stops working at this time, or once used. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("google_connections_user_id_idx").on(t.userId)],
);

/** The single use of an OAuth `state`: a replayed callback finds its nonce taken. */
export const oauthStates = pgTable("oauth_states", {
  nonce: text("nonce").primaryKey(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
});

export const scanStatus = pgEnum("scan_status", ["running", "completed", "failed"]);

/** One audit of one property (spec §3 audit_scans). */
export const auditScans = pgTable(
  "audit_scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dataSourceId: uuid("data_source_id")
      .notNull()
      .references(() => dataSources.id, { onDelete: "cascade" }),
    /** manual (Run Audit), onboarding, connect (right after saving) or scheduled. */
    scanType: text("scan_type", { enum: ["manual", "onboarding", "connect", "scheduled"] })
      .notNull()
      .default("manual"),
    requestedByUserId: text("requested_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    status: scanStatus("status").notNull().default("running"),
    errorMessage: text("error_message"),
    /** Typed reason of a failure (e.g. GOOGLE_AUTH_EXPIRED), for the UI to react to. */
    errorCode: text("error_code"),
    /** 0-100 while running. */
    progress: integer("progress").notNull().default(0),
    healthScore: integer("health_score"),
    healthGrade: text("health_grade"),
    criticalIssuesCount: integer("critical_issues_count").notNull().default(0),
    warningIssuesCount: integer("warning_issues_count").notNull().default(0),
    passedChecksCount: integer("passed_checks_count").notNull().default(0),
    /** The engine's per-check results and totals, as reported. */
    report: jsonb("report"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    rowsFetched: bigint("rows_fetched", { mode: "number" }).notNull().default(0),
    apiCallsMade: integer("api_calls_made").notNull().default(0),
    isChunkedScan: boolean("is_chunked_scan").notNull().default(false),
    chunkSizeDays: integer("chunk_size_days"),
    isComplete: boolean("is_complete").notNull().default(true),
    quotaLimitHit: boolean("quota_limit_hit").notNull().default(false),
    dateRangeStart: date("date_range_start"),
    dateRangeEnd: date("date_range_end"),
    /**
     * Google answered some report from a sample of the property's events (its
     * `samplingMetadatas`): the counts are estimates. The sums over the sampled reports.
     */
    isSampled: boolean("is_sampled").notNull().default(false),
    samplesReadCount: bigint("samples_read_count", { mode: "number" }),
    samplingSpaceSize: bigint("sampling_space_size", { mode: "number" }),
    /** Google withheld rows of some report for privacy (`subjectToThresholding`). */
    isThresholded: boolean("is_thresholded").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_scans_data_source_created_idx").on(t.dataSourceId, sql`${t.createdAt} DESC`),
    // Spec: one running scan per property at a time.
    uniqueIndex("audit_scans_one_running_idx")
      .on(t.dataSourceId)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * A scan's finished date windows, so an attempt that follows a killed worker or a lost database
 * resumes instead of fetching them again (ADR 013). `payload` holds the window's decoded rows of
 * every view, gzipped JSON; the rows go when the scan ends.
 */
export const scanCheckpoints = pgTable(
  "scan_checkpoints",
  {
    scanId: uuid("scan_id")
      .notNull()
      .references(() => auditScans.id, { onDelete: "cascade" }),
    windowStart: date("window_start").notNull(),
    windowEnd: date("window_end").notNull(),
    rowsFetched: integer("rows_fetched").notNull(),
    apiCalls: integer("api_calls").notNull(),
    payload: bytea("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scanId, t.windowStart] })],
);

export const issueSeverity = pgEnum("issue_severity", ["critical", "warning", "info"]);
export const issueStatus = pgEnum("issue_status", ["active", "muted", "resolved"]);

/**
 * A finding that persists across scans (spec §3 utm_issues), keyed by property, check id and
 * the finding's stable key.
 */
export const utmIssues = pgTable(
  "utm_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dataSourceId: uuid("data_source_id")
      .notNull()
      .references(() => dataSources.id, { onDelete: "cascade" }),
    /** The engine check id (spec: issue_type). */
    issueType: text("issue_type").notNull(),
    findingKey: text("finding_key").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    severity: issueSeverity("severity").notNull(),
    status: issueStatus("status").notNull().default("active"),
    affectedSessionsCount: bigint("affected_sessions_count", { mode: "number" })
      .notNull()
      .default(0),
    /** The offending values and a few example rows, as the latest scan found them. */
    values: jsonb("values").$type<string[]>().notNull().default([]),
    examples: jsonb("examples").$type<unknown[]>().notNull().default([]),
    /** Other checks' reasons for the same problem, folded into this issue (engine overlaps). */
    alsoFound: jsonb("also_found")
      .$type<{ issueType: string; title: string }[]>()
      .notNull()
      .default([]),
    firstDetectedAt: timestamp("first_detected_at", { withTimezone: true }).notNull().defaultNow(),
    lastDetectedAt: timestamp("last_detected_at", { withTimezone: true }).notNull().defaultNow(),
    lastScanId: uuid("last_scan_id").references(() => auditScans.id, { onDelete: "set null" }),
    mutedAt: timestamp("muted_at", { withTimezone: true }),
    mutedByUserId: text("muted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    muteReason: text("mute_reason"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedByUserId: text("resolved_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** When a scan last found it again after it was resolved (the new-issue alerts, issue 7). */
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    resolutionGuide: jsonb("resolution_guide")
      .$type<{
        why_it_matters: string;
        how_to_fix: string;
        example_wrong: string;
        example_correct: string;
        ga4_documentation_url: string;
      }>()
      .notNull(),
  },
  (t) => [
    uniqueIndex("utm_issues_key_idx").on(t.dataSourceId, t.issueType, t.findingKey),
    index("utm_issues_data_source_status_idx").on(t.dataSourceId, t.status),
  ],
);

/** Each scan that found an issue: its history, for trends and the per-issue export. */
export const issueOccurrences = pgTable(
  "issue_occurrences",
  {
    issueId: uuid("issue_id")
      .notNull()
      .references(() => utmIssues.id, { onDelete: "cascade" }),
    scanId: uuid("scan_id")
      .notNull()
      .references(() => auditScans.id, { onDelete: "cascade" }),
    affectedSessionsCount: bigint("affected_sessions_count", { mode: "number" }).notNull(),
    values: jsonb("values").$type<string[]>().notNull(),
    detectedAt: timestamp("detected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.scanId] }),
    index("issue_occurrences_scan_id_idx").on(t.scanId),
  ],
);

/** Mail kept locally when no SMTP server is configured (the embedded default). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_at_idx").on(sql`${t.createdAt} DESC`)],
);

// ---- Alerts (spec §3 alert_rules; issue 7; ADR 010) ----

export const alertType = pgEnum("alert_type", ["email", "slack", "webhook"]);
export const alertTrigger = pgEnum("alert_trigger", [
  "score_drops_below",
  "new_critical_issue",
  "new_warning_issue",
  "scan_completed",
]);
export const alertFrequency = pgEnum("alert_frequency", ["realtime", "daily", "weekly"]);

/** Spec §3 notification_config: one key, named by the rule's type. */
export type NotificationConfig =
  | { email: string }
  | { slack_webhook: string }
  | { webhook_url: string };

export const alertRules = pgTable(
  "alert_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Null: every property of the workspace. A rule for one property goes with it. */
    dataSourceId: uuid("data_source_id").references(() => dataSources.id, {
      onDelete: "cascade",
    }),
    alertType: alertType("alert_type").notNull(),
    triggerCondition: alertTrigger("trigger_condition").notNull(),
    /** 0-100 for score_drops_below, null for every other trigger (spec §5). */
    thresholdValue: integer("threshold_value"),
    notificationConfig: jsonb("notification_config").$type<NotificationConfig>().notNull(),
    frequency: alertFrequency("frequency").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** The webhook signing secret, sealed with the app's key (ADR 010); null for other types. */
    signingSecretEncrypted: text("signing_secret_encrypted"),
    lastTriggeredAt: timestamp("last_triggered_at", { withTimezone: true }),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    ...timestamps,
  },
  (t) => [
    index("alert_rules_workspace_created_idx").on(t.workspaceId, sql`${t.createdAt} DESC`),
    index("alert_rules_data_source_id_idx").on(t.dataSourceId),
    check(
      "alert_rules_threshold_check",
      sql`(${t.triggerCondition} = 'score_drops_below' and ${t.thresholdValue} between 0 and 100) or (${t.triggerCondition} <> 'score_drops_below' and ${t.thresholdValue} is null)`,
    ),
  ],
);

export const alertDeliveryKind = pgEnum("alert_delivery_kind", ["realtime", "digest", "test"]);
export const alertDeliveryStatus = pgEnum("alert_delivery_status", [
  "pending",
  "retrying",
  "delivered",
  "failed",
]);

/**
 * One message to a rule's destination and how it went: the delivery log. The body is fixed when
 * the delivery is made, so every attempt sends the same alerts.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    alertRuleId: uuid("alert_rule_id")
      .notNull()
      .references(() => alertRules.id, { onDelete: "cascade" }),
    kind: alertDeliveryKind("kind").notNull(),
    status: alertDeliveryStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    alertCount: integer("alert_count").notNull(),
    /** The versioned webhook body (contracts AlertWebhookBody); mail and Slack render it. */
    body: jsonb("body").notNull(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("alert_deliveries_rule_created_idx").on(t.alertRuleId, sql`${t.createdAt} DESC`)],
);

/**
 * What a scan raised for a rule: one per rule and scan at most, so an evaluation that runs twice
 * raises nothing twice. A realtime alert has its delivery at once; a digest's alerts wait with no
 * delivery until the daily or weekly run collects them.
 */
export const alertEvents = pgTable(
  "alert_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    alertRuleId: uuid("alert_rule_id")
      .notNull()
      .references(() => alertRules.id, { onDelete: "cascade" }),
    scanId: uuid("scan_id")
      .notNull()
      .references(() => auditScans.id, { onDelete: "cascade" }),
    /** The alert as sent (contracts AlertPayloadItem). */
    item: jsonb("item").notNull(),
    deliveryId: uuid("delivery_id").references(() => alertDeliveries.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("alert_events_rule_scan_idx").on(t.alertRuleId, t.scanId),
    index("alert_events_scan_id_idx").on(t.scanId),
    index("alert_events_pending_idx")
      .on(t.alertRuleId, t.createdAt)
      .where(sql`${t.deliveryId} is null`),
  ],
);

// ---- Beyond the spec (issue 10): conventions, the link builder, branding, reports, API keys ----

/**
 * A workspace's UTM naming conventions (the engine's NamingConventions: allowed values or an RE2
 * pattern per parameter). Absent row: no conventions.
 */
export const workspaceConventions = pgTable("workspace_conventions", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  conventions: jsonb("conventions").$type<Record<string, unknown>>().notNull().default({}),
  updatedByUserId: text("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  ...timestamps,
});

/** A tagged link made in the link builder: the workspace's history of links. */
export const builderLinks = pgTable(
  "builder_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    baseUrl: text("base_url").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    utmId: text("utm_id"),
    /** The complete tagged URL as built. */
    url: text("url").notNull(),
    /** The GA4 default channel group the link was predicted to land in. */
    predictedChannel: text("predicted_channel").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("builder_links_workspace_created_idx").on(t.workspaceId, sql`${t.createdAt} DESC`)],
);

/** White-label branding for a workspace's PDF reports (Agency). */
export const workspaceBranding = pgTable("workspace_branding", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** The name printed on reports in place of Utmost's. */
  displayName: text("display_name").notNull(),
  /** "#rrggbb". */
  brandColor: text("brand_color").notNull(),
  logo: bytea("logo"),
  /** image/png or image/jpeg; null without a logo. */
  logoContentType: text("logo_content_type"),
  ...timestamps,
});

export const reportStatus = pgEnum("report_status", ["pending", "ready", "failed"]);

/** A PDF report of one property, made by a job; the file is kept for download. */
export const reportExports = pgTable(
  "report_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dataSourceId: uuid("data_source_id")
      .notNull()
      .references(() => dataSources.id, { onDelete: "cascade" }),
    requestedByUserId: text("requested_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** The scan the report shows (the latest completed one when it was requested). */
    scanId: uuid("scan_id").references(() => auditScans.id, { onDelete: "set null" }),
    status: reportStatus("status").notNull().default("pending"),
    fileName: text("file_name"),
    content: bytea("content"),
    sizeBytes: integer("size_bytes"),
    errorMessage: text("error_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("report_exports_data_source_created_idx").on(t.dataSourceId, sql`${t.createdAt} DESC`),
  ],
);

/**
 * A public-API key, scoped to one workspace. Only the SHA-256 of the key is stored; the prefix
 * (the key's first characters) lets people tell their keys apart.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyPrefix: text("key_prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * Why the key was revoked when nobody revoked it by hand: a key lives only as long as its
     * creator's right to make it (removed from the workspace, or demoted below admin).
     */
    revokedReason: text("revoked_reason", { enum: ["creator_removed", "creator_demoted"] }),
  },
  (t) => [index("api_keys_workspace_created_idx").on(t.workspaceId, sql`${t.createdAt} DESC`)],
);

// ---- Limits that hold across processes (issue 21): every API and worker process shares them ----

/**
 * Fixed-window counters: one row per limited thing (a public-API key, a rule's test sends, ...)
 * whose window ends at `window_ends_at`. One INSERT ... ON CONFLICT DO UPDATE counts a request
 * atomically, so N processes allow the limit once, not N times (modules/rate-limits).
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_window_ends_at_idx").on(t.windowEndsAt)],
);

/**
 * Failed password sign-ins per account, keyed by the normalised email whether or not an account
 * has it (so the answer says nothing about which addresses exist). After a few failures each
 * further attempt waits until `locked_until`; a successful sign-in deletes the row.
 */
export const signInFailures = pgTable("sign_in_failures", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
});

/**
 * Email alert recipients who are not verified members of the workspace: they get alerts only
 * after confirming (double opt-in). Only the SHA-256 of the single-use confirmation token is kept.
 */
export const alertRecipients = pgTable(
  "alert_recipients",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased, as sign-in compares addresses. */
    email: text("email").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    tokenHash: text("token_hash").unique(),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    requestedByUserId: text("requested_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.email] })],
);
