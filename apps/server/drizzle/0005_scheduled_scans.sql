ALTER TABLE "data_sources" ADD COLUMN "scan_frequency" text;--> statement-breakpoint
ALTER TABLE "data_sources" ADD COLUMN "last_scheduled_scan_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_scan_frequency_check" CHECK ("data_sources"."scan_frequency" in ('daily', 'weekly', 'monthly'));