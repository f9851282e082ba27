CREATE TABLE "member_property_grants" (
	"workspace_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"data_source_id" uuid NOT NULL,
	"granted_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_property_grants_user_id_data_source_id_pk" PRIMARY KEY("user_id","data_source_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "extra_properties" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_users" ADD COLUMN "chosen_properties_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_property_grants" ADD CONSTRAINT "member_property_grants_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_property_grants" ADD CONSTRAINT "member_property_grants_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_property_grants" ADD CONSTRAINT "member_property_grants_member_fk" FOREIGN KEY ("workspace_id","user_id") REFERENCES "public"."workspace_users"("workspace_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_property_grants_data_source_id_idx" ON "member_property_grants" USING btree ("data_source_id");