-- Hand-written (issue 45): the 6 Butter of a sign-up is paid once per real inbox, as the invitation
-- rewards already are (docs/decisions/0036). invite_rewards gains the kind 'signup', whose row names the
-- account that got the grant (invitee_uid) and no inviter. The grants already paid are recorded per
-- folded inbox (contract/src/email.ts rewardInbox: lower case, the +tag and the local part's dots
-- dropped, googlemail.com as gmail.com), oldest first, so an inbox that got one is not paid again.
ALTER TABLE "invite_rewards" DROP CONSTRAINT "invite_rewards_kind_check";--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_kind_check" CHECK ("kind" in ('invite', 'invited', 'signup'));--> statement-breakpoint
ALTER TABLE "invite_rewards" ALTER COLUMN "inviter_uid" DROP NOT NULL;--> statement-breakpoint
INSERT INTO "invite_rewards" ("inbox", "kind", "invitee_uid", "inviter_uid", "created_at")
SELECT
  replace(split_part(lower(split_part(u.email, '@', 1)), '+', 1), '.', '') || '@' ||
    CASE WHEN lower(split_part(u.email, '@', 2)) = 'googlemail.com' THEN 'gmail.com' ELSE lower(split_part(u.email, '@', 2)) END,
  'signup', u.uid, NULL, l.created_at
FROM "ledger" l JOIN "users" u ON u.uid = l.user_uid
WHERE l.kind = 'signup' AND u.removed_at IS NULL
ORDER BY l.created_at, l.id
ON CONFLICT DO NOTHING;
