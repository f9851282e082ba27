CREATE TABLE "scan_checkpoints" (
	"scan_id" uuid NOT NULL,
	"window_start" date NOT NULL,
	"window_end" date NOT NULL,
	"rows_fetched" integer NOT NULL,
	"api_calls" integer NOT NULL,
	"payload" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_checkpoints_scan_id_window_start_pk" PRIMARY KEY("scan_id","window_start")
);
--> statement-breakpoint
ALTER TABLE "audit_scans" ADD COLUMN "is_sampled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_scans" ADD COLUMN "samples_read_count" bigint;--> statement-breakpoint
ALTER TABLE "audit_scans" ADD COLUMN "sampling_space_size" bigint;--> statement-breakpoint
ALTER TABLE "audit_scans" ADD COLUMN "is_thresholded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_checkpoints" ADD CONSTRAINT "scan_checkpoints_scan_id_audit_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."audit_scans"("id") ON DELETE cascade ON UPDATE no action;