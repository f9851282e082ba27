CREATE TYPE "public"."issue_severity" AS ENUM('critical', 'warning', 'info');--> statement-breakpoint
CREATE TYPE "public"."issue_status" AS ENUM('active', 'muted', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."scan_status" AS ENUM('running', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "audit_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"data_source_id" uuid NOT NULL,
	"scan_type" text DEFAULT 'manual' NOT NULL,
	"requested_by_user_id" text,
	"status" "scan_status" DEFAULT 'running' NOT NULL,
	"error_message" text,
	"error_code" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"health_score" integer,
	"health_grade" text,
	"critical_issues_count" integer DEFAULT 0 NOT NULL,
	"warning_issues_count" integer DEFAULT 0 NOT NULL,
	"passed_checks_count" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"rows_fetched" bigint DEFAULT 0 NOT NULL,
	"api_calls_made" integer DEFAULT 0 NOT NULL,
	"is_chunked_scan" boolean DEFAULT false NOT NULL,
	"chunk_size_days" integer,
	"is_complete" boolean DEFAULT true NOT NULL,
	"quota_limit_hit" boolean DEFAULT false NOT NULL,
	"date_range_start" date,
	"date_range_end" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"data_source_id" uuid,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"token_expires_at" timestamp with time zone NOT NULL,
	"token_scopes" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_occurrences" (
	"issue_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"affected_sessions_count" bigint NOT NULL,
	"values" jsonb NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_occurrences_issue_id_scan_id_pk" PRIMARY KEY("issue_id","scan_id")
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"nonce" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utm_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"data_source_id" uuid NOT NULL,
	"issue_type" text NOT NULL,
	"finding_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"severity" "issue_severity" NOT NULL,
	"status" "issue_status" DEFAULT 'active' NOT NULL,
	"affected_sessions_count" bigint DEFAULT 0 NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_scan_id" uuid,
	"muted_at" timestamp with time zone,
	"muted_by_user_id" text,
	"mute_reason" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" text,
	"resolution_guide" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_sources" ADD COLUMN "token_scopes" text;--> statement-breakpoint
ALTER TABLE "data_sources" ADD COLUMN "chunk_size_days" integer;--> statement-breakpoint
ALTER TABLE "audit_scans" ADD CONSTRAINT "audit_scans_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_scans" ADD CONSTRAINT "audit_scans_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_occurrences" ADD CONSTRAINT "issue_occurrences_issue_id_utm_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."utm_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_occurrences" ADD CONSTRAINT "issue_occurrences_scan_id_audit_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."audit_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_issues" ADD CONSTRAINT "utm_issues_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_issues" ADD CONSTRAINT "utm_issues_last_scan_id_audit_scans_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."audit_scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_issues" ADD CONSTRAINT "utm_issues_muted_by_user_id_users_id_fk" FOREIGN KEY ("muted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_issues" ADD CONSTRAINT "utm_issues_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_scans_data_source_created_idx" ON "audit_scans" USING btree ("data_source_id","created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_scans_one_running_idx" ON "audit_scans" USING btree ("data_source_id") WHERE "audit_scans"."status" = 'running';--> statement-breakpoint
CREATE INDEX "google_connections_user_id_idx" ON "google_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issue_occurrences_scan_id_idx" ON "issue_occurrences" USING btree ("scan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "utm_issues_key_idx" ON "utm_issues" USING btree ("data_source_id","issue_type","finding_key");--> statement-breakpoint
CREATE INDEX "utm_issues_data_source_status_idx" ON "utm_issues" USING btree ("data_source_id","status");