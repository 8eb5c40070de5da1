-- Hand-written (issue 45, docs/decisions/0030 addendum). A dispute or an early fraud warning holds what its
-- payment bought when it opens; a won dispute gives it back, a lost one keeps it. A refund that fails or is
-- cancelled gives back what it took. Every change is a ledger row; the payment row, locked, holds the state.
--
-- payments.hold: null (nothing opened), 'held' (a dispute or early fraud warning is open: the Butter and pass
-- are taken, checkout is refused), 'released' (the dispute closed for us: given back), 'kept' (lost: stays
-- taken). 'released' and 'kept' are final, so a late or repeated event never holds twice. held_by names the
-- dispute or warning that started it. pass_seconds_taken is how much a refund or hold took off the account's
-- pass end, given back if the reason goes away.
ALTER TABLE "payments" ADD COLUMN "hold" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_hold_check" CHECK ("payments"."hold" in ('held', 'released', 'kept'));--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pass_seconds_taken" integer;--> statement-breakpoint
CREATE INDEX "payments_held_idx" ON "payments" USING btree ("user_uid") WHERE "payments"."hold" = 'held';--> statement-breakpoint
-- Each refund of a payment as Stripe last told us: 'active' (pending, requires_action or succeeded: its
-- share `butter` is taken) or 'failed' (failed or canceled: given back, or never taken). A refund moves only
-- from active to failed, never back, so a stale read of it cannot take twice. `amount` is in the payment's
-- minor units. The operator's refund outside Stripe (npm run admin -- payment refund) is the id 'manual'.
CREATE TABLE "payment_refunds" (
	"session_id" text NOT NULL,
	"id" text NOT NULL,
	"amount" integer NOT NULL,
	"butter" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_pk" PRIMARY KEY("session_id","id"),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('active', 'failed')),
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" >= 0 and "payment_refunds"."butter" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_session_id_payments_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."payments"("session_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Rows that give back (a won dispute, a failed refund) may move no Butter when they give back a pass.
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_amount_non_zero";--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_amount_non_zero" CHECK ("ledger"."amount" <> 0 or "ledger"."kind" in ('pass', 'purchase_refund', 'chargeback', 'dispute_won', 'refund_failed'));--> statement-breakpoint
-- What came before: a dispute already lost took everything (kept); one won or closed as an inquiry held
-- nothing (released); one still open took nothing yet but now refuses checkout, and its closing event moves
-- the Butter (lost: taken; won: nothing to give back).
UPDATE "payments" p SET "hold" = CASE WHEN d."status" = 'lost' THEN 'kept' WHEN d."closed_at" IS NOT NULL THEN 'released' ELSE 'held' END,
	"held_by" = d."id", "held_at" = d."created_at"
FROM "disputes" d WHERE d."session_id" = p."session_id";--> statement-breakpoint
-- The operator's refunds outside Stripe (audit rows 'refund') are not in Stripe's list of a charge's refunds:
-- record each as the refund 'manual' of its payment, so a later event on the payment counts it.
INSERT INTO "payment_refunds" ("session_id", "id", "amount", "butter", "status")
SELECT p."session_id", 'manual', greatest(p."refunded_amount", 0), greatest(p."butter_reversed", 0), 'active'
FROM "payments" p
WHERE p."refunded_amount" > 0 AND EXISTS (
	SELECT 1 FROM "audit_log" a WHERE a."action" = 'refund' AND a."details" ->> 'session_id' = p."session_id"
)
ON CONFLICT DO NOTHING;
