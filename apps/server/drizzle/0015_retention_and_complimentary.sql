ALTER TABLE "subscriptions" ADD COLUMN "complimentary_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_notice_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "last_active_at" = greatest("updated_at", coalesce((SELECT max("updated_at") FROM "sessions" WHERE "sessions"."user_id" = "users"."id"), "updated_at"));