-- Hand-written (issue 30): whether readers of a public post may download it as an EPUB, the author's
-- choice. Every post from before allows it, as a post made without saying does.
ALTER TABLE "posts" ADD COLUMN "allow_download" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- The post's length as lists show it (wordCount in contract/src/text.ts, kept by every create and
-- edit). Posts from before get it here by the same rule written in SQL: characters except whitespace
-- (the ideographic space too) for Chinese, Japanese and Korean posts, runs of letters and digits
-- otherwise (letters as the database's locale knows them: close to the rule, not exact).
ALTER TABLE "posts" ADD COLUMN "word_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "posts" SET "word_count" = CASE
  WHEN "language" IN ('zh-CN', 'zh-TW', 'ja', 'ko') THEN char_length(regexp_replace("content", '[[:space:]　]', '', 'g'))
  ELSE (SELECT count(*) FROM regexp_matches("content", '[[:alnum:]][[:alnum:]''’-]*', 'g'))
END;
