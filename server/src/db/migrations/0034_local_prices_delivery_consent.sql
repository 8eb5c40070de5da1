-- Hand-written (issue 48, docs/decisions/0054): local prices in JPY, KRW and TWD beside EUR and CNY, and the
-- buyer's consent to immediate delivery. `currency` stays text (the server's price table says which), and a
-- payment records when its buyer ticked that the Butter is delivered at once and the cooling-off does not apply
-- (Taiwan's 消費者保護法 §19, required for TWD): evidence of the consent, kept with the payment it belongs to.
ALTER TABLE "payments" ADD COLUMN "delivery_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_check" CHECK ("currency" in ('eur', 'cny', 'jpy', 'krw', 'twd'));
