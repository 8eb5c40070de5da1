-- Hand-written (issue 25): SPEC.md section 7's sign-up (email, password, gender) registers again.
-- How an account confirmed the minimum age: 'checkbox' (the web app's sign-up box) or 'agreement'
-- (a client that sends SPEC's three fields; its login screen's agreement checkbox links the user
-- agreement, which states the minimum age). Accounts from before record the checkbox they ticked.
ALTER TABLE "users" ADD COLUMN "age_confirmed_by" text;--> statement-breakpoint
UPDATE "users" SET "age_confirmed_by" = 'checkbox' WHERE "age_confirmed_at" IS NOT NULL;
