-- Hand-written (issue 51, docs/decisions/0057): tags, warnings, kudos and comments on posts; bookmarks,
-- follows, mutes and a reader's saved filters. `tag_keys` holds each tag's name folded for comparison
-- (NFKC width, lower case, Traditional → Simplified; posts/tags.ts `foldTag`), written by the app with
-- `tags`; the feed's tag filter reads it through a GIN index.
ALTER TABLE "posts" ADD COLUMN "tags" jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tag_keys" text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "warnings" text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "kudos_count" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_off" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE INDEX "posts_tag_keys_idx" ON "posts" USING gin ("tag_keys") WHERE "is_public" AND "status" = 'active';
--> statement-breakpoint
CREATE TABLE "post_kudos" (
  "post_uid" text NOT NULL REFERENCES "posts"("uid") ON DELETE CASCADE,
  "user_uid" text NOT NULL REFERENCES "users"("uid") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("post_uid", "user_uid")
);
--> statement-breakpoint
CREATE TABLE "post_comments" (
  "uid" text PRIMARY KEY NOT NULL,
  "seq" bigserial NOT NULL,
  "post_uid" text NOT NULL REFERENCES "posts"("uid") ON DELETE CASCADE,
  "parent_uid" text REFERENCES "post_comments"("uid") ON DELETE CASCADE,
  "root_uid" text,
  "author_uid" text NOT NULL REFERENCES "users"("uid") ON DELETE CASCADE,
  "content" text NOT NULL,
  "status" text DEFAULT 'active' NOT NULL,
  "takedown_reason" text,
  "taken_down_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "post_comments_roots_idx" ON "post_comments" ("post_uid", "seq") WHERE "parent_uid" IS NULL;
--> statement-breakpoint
CREATE INDEX "post_comments_thread_idx" ON "post_comments" ("root_uid", "seq");
--> statement-breakpoint
CREATE TABLE "post_bookmarks" (
  "user_uid" text NOT NULL REFERENCES "users"("uid") ON DELETE CASCADE,
  "post_uid" text NOT NULL REFERENCES "posts"("uid") ON DELETE CASCADE,
  "seq" bigserial NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_uid", "post_uid")
);
--> statement-breakpoint
CREATE INDEX "post_bookmarks_user_idx" ON "post_bookmarks" ("user_uid", "seq" DESC);
--> statement-breakpoint
CREATE TABLE "follows" (
  "follower_uid" text NOT NULL REFERENCES "users"("uid") ON DELETE CASCADE,
  "author_uid" text NOT NULL REFERENCES "users"("uid") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("follower_uid", "author_uid")
);
--> statement-breakpoint
CREATE INDEX "follows_author_idx" ON "follows" ("author_uid");
--> statement-breakpoint
CREATE TABLE "mutes" (
  "user_uid" text NOT NULL REFERENCES "users"("uid") ON DELETE CASCADE,
  "muted_uid" text NOT NULL REFERENCES "users"("uid") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_uid", "muted_uid")
);
--> statement-breakpoint
CREATE TABLE "reading_settings" (
  "user_uid" text PRIMARY KEY NOT NULL REFERENCES "users"("uid") ON DELETE CASCADE,
  "exclude_tags" text[] DEFAULT '{}'::text[] NOT NULL,
  "hide_spoilers" boolean DEFAULT false NOT NULL,
  "digest" boolean DEFAULT true NOT NULL,
  "inbox_seen_seq" bigint DEFAULT 0 NOT NULL,
  "digest_sent_at" timestamp with time zone
);
