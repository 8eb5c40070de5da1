-- Hand-written (issue 50, docs/decisions/0056-co-writing-in-place.md): a continuation or rewrite may be
-- steered by beats (what the chapter must cover, in order) and a direction (where it should go); the
-- job keeps them so that a resumed attempt writes from the same prompt. Empty for every other job.
ALTER TABLE "generation_jobs" ADD COLUMN "beats" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "direction" text;
