-- Hand-written (issue 25, docs/decisions/0036-pen-names-and-one-reward-per-inbox.md).
-- One invitation reward per real inbox: a row per inbox (Gmail-style dots and +tags folded, see
-- contract/src/email.ts rewardInbox) and kind, written in the transaction that pays it; the primary
-- key makes it once, the (inviter, time) index counts an inviter's rewards of the day.
-- This migration's data step (server/src/db/pen-names.ts, run once by runMigrations, as it needs the
-- contract's folding and the pen-name word lists) records the rewards already paid and gives a pen name
-- to every account whose name is its e-mail's local part.
CREATE TABLE "invite_rewards" (
	"inbox" text NOT NULL,
	"kind" text NOT NULL,
	"invitee_uid" text NOT NULL,
	"inviter_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_rewards_pk" PRIMARY KEY ("inbox", "kind"),
	CONSTRAINT "invite_rewards_kind_check" CHECK ("kind" in ('invite', 'invited'))
);--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_invitee_uid_users_uid_fk" FOREIGN KEY ("invitee_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_inviter_uid_users_uid_fk" FOREIGN KEY ("inviter_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_rewards_inviter_idx" ON "invite_rewards" USING btree ("inviter_uid","created_at");
