CREATE TABLE "payments" (
	"session_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_uid" text NOT NULL,
	"product_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"butter" integer NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_codes_butter_positive" CHECK ("redeem_codes"."butter" > 0),
	CONSTRAINT "redeem_codes_uses_range" CHECK ("redeem_codes"."uses" >= 0 and "redeem_codes"."uses" <= "redeem_codes"."max_uses" and "redeem_codes"."max_uses" >= 1)
);
--> statement-breakpoint
CREATE TABLE "redeem_uses" (
	"code" text NOT NULL,
	"user_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_uses_code_user_uid_pk" PRIMARY KEY("code","user_uid")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_uses" ADD CONSTRAINT "redeem_uses_code_redeem_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."redeem_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_uses" ADD CONSTRAINT "redeem_uses_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_uid","created_at" DESC NULLS LAST);