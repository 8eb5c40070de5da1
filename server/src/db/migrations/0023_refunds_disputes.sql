-- Refunds and disputes (docs/decisions/0030). A refund or a lost dispute takes a package's Butter back;
-- what the balance no longer covers becomes a debt, paid first by the next credit. The balance stays
-- >= 0, a debt exists only at a zero balance, and balance - debt always equals the ledger's sum.
ALTER TABLE "users" ADD COLUMN "debt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_debt_non_negative" CHECK ("users"."debt" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_debt_only_at_zero" CHECK ("users"."debt" = 0 or "users"."balance" = 0);--> statement-breakpoint
-- Each ledger row also records the debt after it and, for pass rows, the end of the pass after it.
ALTER TABLE "ledger" ADD COLUMN "debt_after" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "pass_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_debt_after_non_negative" CHECK ("ledger"."debt_after" >= 0);--> statement-breakpoint
-- A pass purchase, and a refund or lost dispute of a pass, move no Butter: their rows carry 0.
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_amount_non_zero";--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_amount_non_zero" CHECK ("ledger"."amount" <> 0 or "ledger"."kind" in ('pass', 'purchase_refund', 'chargeback'));--> statement-breakpoint
-- A payment's PaymentIntent (how Stripe's charges and disputes name it), how much of it Stripe
-- refunded and how much Butter was taken back for it.
ALTER TABLE "payments" ADD COLUMN "payment_intent" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "butter_reversed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pass_revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_intent_uq" ON "payments" USING btree ("payment_intent") WHERE "payments"."payment_intent" is not null;--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_uid" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_session_id_payments_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."payments"("session_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_created_idx" ON "disputes" USING btree ("created_at" DESC NULLS LAST,"id");
