CREATE TABLE "codex_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"novel_uid" text NOT NULL REFERENCES "novels"("uid") ON DELETE cascade,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"always" boolean DEFAULT false NOT NULL,
	"chapter_id" bigint REFERENCES "chapters"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "codex_entries_uid_uq" ON "codex_entries" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "codex_entries_novel_idx" ON "codex_entries" USING btree ("novel_uid","position");--> statement-breakpoint
CREATE INDEX "codex_entries_chapter_idx" ON "codex_entries" USING btree ("chapter_id") WHERE "chapter_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "context" jsonb;
