ALTER TABLE "users" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_flag" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "purpose" text DEFAULT 'verify' NOT NULL;--> statement-breakpoint
-- Hand-written (issue 18): the hourly sweep of unverified accounts older than 7 days reads this index.
-- The e-mail normalisation of existing rows is not SQL: it runs once after the migrations, with the
-- contract's own normaliser (server/src/db/normalise-emails.ts, app_meta key 'email_normalisation').
CREATE INDEX "users_unverified_idx" ON "users" USING btree ("created_at") WHERE "email_verified_at" IS NULL AND "removed_at" IS NULL;
