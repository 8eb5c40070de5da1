CREATE TABLE "story_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chapter_id" bigint NOT NULL REFERENCES "chapters"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"content_hash" text NOT NULL,
	"text" text NOT NULL,
	"terms" tsvector NOT NULL,
	"embedding" real[]
);--> statement-breakpoint
CREATE UNIQUE INDEX "story_passages_chapter_uq" ON "story_passages" USING btree ("chapter_id","position");--> statement-breakpoint
CREATE INDEX "story_passages_terms_idx" ON "story_passages" USING gin ("terms");
