ALTER TABLE "chapters" DROP CONSTRAINT "chapters_novel_uid_index_pk";--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "id" bigserial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "next_id" bigint;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "chapter_id" bigint;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "previous_chapter_id" bigint;--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "path" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_parent_id_chapters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_next_id_chapters_id_fk" FOREIGN KEY ("next_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_version_uq" ON "chapters" USING btree ("novel_uid","index",coalesce("parent_id", 0),"version");--> statement-breakpoint
CREATE INDEX "chapters_parent_idx" ON "chapters" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_version_positive" CHECK ("chapters"."version" >= 1);--> statement-breakpoint
-- ==== Hand-written data migration (0013_versions, issue 15: chapter versions, docs/decisions/0022) ====
-- Every existing chapter becomes version 1 of a single path: it follows the chapter before it,
-- remembers the chapter after it as the one chosen next, and the novel's path lists them in order.
-- Jobs point at the chapter they wrote (jobs whose empty chapter was discarded keep null).
UPDATE "chapters" c SET "parent_id" = p."id" FROM "chapters" p WHERE p."novel_uid" = c."novel_uid" AND p."index" = c."index" - 1;--> statement-breakpoint
UPDATE "chapters" c SET "next_id" = n."id" FROM "chapters" n WHERE n."novel_uid" = c."novel_uid" AND n."index" = c."index" + 1;--> statement-breakpoint
UPDATE "novels" n SET "path" = coalesce((SELECT array_agg(c."id" ORDER BY c."index") FROM "chapters" c WHERE c."novel_uid" = n."uid"), '{}'::bigint[]);--> statement-breakpoint
UPDATE "generation_jobs" j SET "chapter_id" = c."id" FROM "chapters" c WHERE c."novel_uid" = j."novel_uid" AND c."index" = j."chapter_index";
-- ==== end of the hand-written block ====
