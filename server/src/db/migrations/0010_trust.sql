CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_uid" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "takedown_reason" text;--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "takedown_reason" text;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "takedown_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_uid" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_author_uid" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_uid","id");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_uid");