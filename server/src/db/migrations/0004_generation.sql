CREATE TABLE "chapters" (
	"novel_uid" text NOT NULL,
	"index" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapters_novel_uid_index_pk" PRIMARY KEY("novel_uid","index")
);
--> statement-breakpoint
CREATE TABLE "generation_jobs" (
	"uid" text PRIMARY KEY NOT NULL,
	"novel_uid" text NOT NULL,
	"chapter_index" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"charge" integer NOT NULL,
	"lease_until" timestamp with time zone,
	"worker_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "novels" (
	"uid" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"author_uid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"params" jsonb NOT NULL,
	"is_r18" boolean DEFAULT false NOT NULL,
	"dialogue_heavy" boolean DEFAULT false NOT NULL,
	"first_person" smallint DEFAULT 0 NOT NULL,
	"language" text NOT NULL,
	"model" text DEFAULT 'v1' NOT NULL,
	"generate_status" text NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"written_by" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pass_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_novel_uid_novels_uid_fk" FOREIGN KEY ("novel_uid") REFERENCES "public"."novels"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_novel_uid_novels_uid_fk" FOREIGN KEY ("novel_uid") REFERENCES "public"."novels"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "novels" ADD CONSTRAINT "novels_author_uid_users_uid_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_jobs_claim_idx" ON "generation_jobs" USING btree ("created_at") WHERE "generation_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "generation_jobs_novel_idx" ON "generation_jobs" USING btree ("novel_uid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "generation_jobs_one_live_per_novel" ON "generation_jobs" USING btree ("novel_uid") WHERE "generation_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "novels_seq_uq" ON "novels" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "novels_author_idx" ON "novels" USING btree ("author_uid","seq" DESC NULLS LAST);