CREATE TABLE "persona_favorites" (
	"user_uid" text NOT NULL,
	"persona_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persona_favorites_user_uid_persona_uid_pk" PRIMARY KEY("user_uid","persona_uid")
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"uid" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"seed_key" text,
	"author_uid" text,
	"author_name" text NOT NULL,
	"char_a_name" text NOT NULL,
	"char_a_setting" text NOT NULL,
	"char_b_name" text NOT NULL,
	"char_b_setting" text NOT NULL,
	"plot" text NOT NULL,
	"description" text NOT NULL,
	"is_r18" boolean DEFAULT false NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"tag_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"first_person" smallint DEFAULT 0 NOT NULL,
	"dialogue_heavy" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"source_novel_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personas_first_person_range" CHECK ("personas"."first_person" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "persona_favorites" ADD CONSTRAINT "persona_favorites_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_favorites" ADD CONSTRAINT "persona_favorites_persona_uid_personas_uid_fk" FOREIGN KEY ("persona_uid") REFERENCES "public"."personas"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_author_uid_users_uid_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persona_favorites_user_idx" ON "persona_favorites" USING btree ("user_uid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "personas_seq_uq" ON "personas" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "personas_seed_key_uq" ON "personas" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "personas_feed_idx" ON "personas" USING btree ("status","language","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "personas_feed_all_idx" ON "personas" USING btree ("status","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "personas_tags_idx" ON "personas" USING gin ("tag_list");--> statement-breakpoint
CREATE INDEX "personas_author_idx" ON "personas" USING btree ("author_uid","seq" DESC NULLS LAST);