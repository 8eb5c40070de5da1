-- Hand-written (issue 14, docs/decisions/0028): covering indexes for deep pages.
-- Every list cuts its page's keys (seq, or the ledger's id) from one index with
-- OFFSET, then reads only those rows (a deferred join). These indexes carry the
-- columns the lists filter on (INCLUDE), so the keys of page 500 come from the
-- index alone (an index-only scan), never from the table rows the offset skips.
-- drizzle's schema cannot declare INCLUDE: schema.ts names the same indexes.

-- The blocked accounts (banned or suspended): a handful of rows the lists read once per query.
CREATE INDEX "users_blocked_idx" ON "users" USING btree ("uid") WHERE "status" in ('banned', 'suspended');--> statement-breakpoint
DROP INDEX "personas_feed_idx";--> statement-breakpoint
CREATE INDEX "personas_feed_idx" ON "personas" USING btree ("status", "language", "seq" DESC) INCLUDE ("is_r18", "author_uid");--> statement-breakpoint
DROP INDEX "personas_feed_all_idx";--> statement-breakpoint
CREATE INDEX "personas_feed_all_idx" ON "personas" USING btree ("status", "seq" DESC) INCLUDE ("is_r18", "language", "author_uid");--> statement-breakpoint
DROP INDEX "posts_feed_idx";--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("language", "seq" DESC) INCLUDE ("is_r18", "author_uid") WHERE "posts"."is_public" and "posts"."status" = 'active';--> statement-breakpoint
DROP INDEX "posts_feed_all_idx";--> statement-breakpoint
CREATE INDEX "posts_feed_all_idx" ON "posts" USING btree ("seq" DESC) INCLUDE ("is_r18", "language", "author_uid") WHERE "posts"."is_public" and "posts"."status" = 'active';--> statement-breakpoint
DROP INDEX "novels_author_idx";--> statement-breakpoint
CREATE INDEX "novels_author_idx" ON "novels" USING btree ("author_uid", "seq" DESC) INCLUDE ("status", "is_public", "is_r18");
