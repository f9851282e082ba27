CREATE TYPE "public"."alert_delivery_kind" AS ENUM('realtime', 'digest', 'test');--> statement-breakpoint
CREATE TYPE "public"."alert_delivery_status" AS ENUM('pending', 'retrying', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "public"."alert_frequency" AS ENUM('realtime', 'daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."alert_trigger" AS ENUM('score_drops_below', 'new_critical_issue', 'new_warning_issue', 'scan_completed');--> statement-breakpoint
CREATE TYPE "public"."alert_type" AS ENUM('email', 'slack', 'webhook');--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_rule_id" uuid NOT NULL,
	"kind" "alert_delivery_kind" NOT NULL,
	"status" "alert_delivery_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"alert_count" integer NOT NULL,
	"body" jsonb NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_rule_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"item" jsonb NOT NULL,
	"delivery_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"data_source_id" uuid,
	"alert_type" "alert_type" NOT NULL,
	"trigger_condition" "alert_trigger" NOT NULL,
	"threshold_value" integer,
	"notification_config" jsonb NOT NULL,
	"frequency" "alert_frequency" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"signing_secret_encrypted" text,
	"last_triggered_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_threshold_check" CHECK (("alert_rules"."trigger_condition" = 'score_drops_below' and "alert_rules"."threshold_value" between 0 and 100) or ("alert_rules"."trigger_condition" <> 'score_drops_below' and "alert_rules"."threshold_value" is null))
);
--> statement-breakpoint
ALTER TABLE "utm_issues" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_rule_id_alert_rules_id_fk" FOREIGN KEY ("alert_rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_rule_id_alert_rules_id_fk" FOREIGN KEY ("alert_rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_scan_id_audit_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."audit_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_delivery_id_alert_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."alert_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_rule_created_idx" ON "alert_deliveries" USING btree ("alert_rule_id","created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_rule_scan_idx" ON "alert_events" USING btree ("alert_rule_id","scan_id");--> statement-breakpoint
CREATE INDEX "alert_events_scan_id_idx" ON "alert_events" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "alert_events_pending_idx" ON "alert_events" USING btree ("alert_rule_id","created_at") WHERE "alert_events"."delivery_id" is null;--> statement-breakpoint
CREATE INDEX "alert_rules_workspace_created_idx" ON "alert_rules" USING btree ("workspace_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "alert_rules_data_source_id_idx" ON "alert_rules" USING btree ("data_source_id");