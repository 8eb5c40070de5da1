CREATE TABLE "post_views" (
	"post_uid" text NOT NULL,
	"viewer" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_views_post_uid_day_viewer_pk" PRIMARY KEY("post_uid","day","viewer")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"uid" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"author_uid" text NOT NULL,
	"novel_uid" text,
	"novel_modified" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"language" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_r18" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_views_non_negative" CHECK ("posts"."views_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "persona_uid" text;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_uid_posts_uid_fk" FOREIGN KEY ("post_uid") REFERENCES "public"."posts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_uid_users_uid_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_novel_uid_novels_uid_fk" FOREIGN KEY ("novel_uid") REFERENCES "public"."novels"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_views_day_idx" ON "post_views" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_seq_uq" ON "posts" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("language","seq" DESC NULLS LAST) WHERE "posts"."is_public" and "posts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "posts_feed_all_idx" ON "posts" USING btree ("seq" DESC NULLS LAST) WHERE "posts"."is_public" and "posts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_uid","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_novel_idx" ON "posts" USING btree ("novel_uid");