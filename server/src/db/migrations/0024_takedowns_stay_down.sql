-- Takedowns that stay down (docs/decisions/0035). A post taken down with its novel is marked so that
-- restoring the novel restores exactly those posts, not ones an operator took down on their own.
ALTER TABLE "posts" ADD COLUMN "taken_down_with_novel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- What a takedown leaves behind: the text's hash (see moderation/takedown-marks.ts for the exact form)
-- and, for a post, the novel it was bound to. A create or edit meeting either is refused.
CREATE TABLE "takedown_marks" (
	"target_type" text NOT NULL,
	"target_uid" text NOT NULL,
	"text_hash" text NOT NULL,
	"novel_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "takedown_marks_target_type_uid_pk" PRIMARY KEY("target_type","target_uid")
);--> statement-breakpoint
CREATE INDEX "takedown_marks_hash_idx" ON "takedown_marks" USING btree ("target_type","text_hash");--> statement-breakpoint
CREATE INDEX "takedown_marks_novel_idx" ON "takedown_marks" USING btree ("novel_uid") WHERE "takedown_marks"."novel_uid" is not null;--> statement-breakpoint
-- Content already taken down gets its mark now: sha256 of the text without white space (the same
-- characters textHash in takedown-marks.ts removes).
INSERT INTO "takedown_marks" ("target_type", "target_uid", "text_hash", "novel_uid")
SELECT 'post', p.uid, encode(sha256(convert_to(regexp_replace(p.content, '[ \t\n\r\f\v\u00a0\u3000]+', '', 'g'), 'UTF8')), 'hex'), p.novel_uid
FROM "posts" p WHERE p.status = 'taken_down'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "takedown_marks" ("target_type", "target_uid", "text_hash")
SELECT 'persona', pe.uid, encode(sha256(convert_to(regexp_replace(pe.char_a_setting || pe.char_b_setting || pe.plot, '[ \t\n\r\f\v\u00a0\u3000]+', '', 'g'), 'UTF8')), 'hex')
FROM "personas" pe WHERE pe.status = 'taken_down'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Reports: one open report per reporter and target (a signed-in account, else a client address; see
-- lib/client-address.ts) instead of a per-target cap that the author could fill.
ALTER TABLE "reports" ADD COLUMN "reporter_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_open_uq" ON "reports" USING btree ("target_type","target_uid","reporter_key") WHERE "reports"."status" = 'open' and "reports"."reporter_key" is not null;
