ALTER TABLE "chapters" ADD COLUMN "memory" text;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "memory_edited" text;--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "author_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "pinned_facts" text[] DEFAULT '{}'::text[] NOT NULL;