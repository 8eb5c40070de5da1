CREATE TABLE "persona_uses" (
	"user_uid" text NOT NULL,
	"persona_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persona_uses_user_uid_persona_uid_pk" PRIMARY KEY("user_uid","persona_uid")
);
--> statement-breakpoint
CREATE TABLE "stream_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"holder" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "persona_uses" ADD CONSTRAINT "persona_uses_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_uses" ADD CONSTRAINT "persona_uses_persona_uid_personas_uid_fk" FOREIGN KEY ("persona_uid") REFERENCES "public"."personas"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_slots" ADD CONSTRAINT "stream_slots_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_slots_user_idx" ON "stream_slots" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "stream_slots_holder_idx" ON "stream_slots" USING btree ("holder");