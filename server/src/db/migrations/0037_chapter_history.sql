-- Hand-written (issue 50, docs/decisions/0056-co-writing-in-place.md): a chapter version's history.
-- Every text a chapter version held is kept as an entry: what the model wrote (a job that ended with
-- text, recorded by the trigger below so the engine need not know), a hand edit, an accepted revision
-- and a restore. At most 100 entries per chapter version: chapter_history_add drops the oldest beyond.
CREATE TABLE "chapter_history" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "uid" text NOT NULL,
  "chapter_id" bigint NOT NULL REFERENCES "chapters"("id") ON DELETE CASCADE,
  "source" text NOT NULL,
  "content" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "chapter_history_source_check" CHECK ("source" in ('model', 'edit', 'revise', 'restore'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_history_uid_uq" ON "chapter_history" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "chapter_history_chapter_idx" ON "chapter_history" USING btree ("chapter_id", "id");--> statement-breakpoint
CREATE FUNCTION chapter_history_add(p_chapter bigint, p_source text, p_content text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  new_uid text := translate(gen_random_uuid()::text, '-', '');
BEGIN
  INSERT INTO chapter_history (uid, chapter_id, source, content) VALUES (new_uid, p_chapter, p_source, p_content);
  DELETE FROM chapter_history WHERE chapter_id = p_chapter AND id NOT IN (
    SELECT id FROM chapter_history WHERE chapter_id = p_chapter ORDER BY id DESC LIMIT 100);
  RETURN new_uid;
END $$;--> statement-breakpoint
CREATE FUNCTION chapter_history_on_job_end() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  written text;
BEGIN
  IF NEW.chapter_id IS NULL OR NEW.status NOT IN ('done', 'failed', 'stopped') OR OLD.status = NEW.status THEN
    RETURN NEW;
  END IF;
  SELECT content INTO written FROM chapters WHERE id = NEW.chapter_id;
  IF written IS NOT NULL AND written <> '' THEN
    PERFORM chapter_history_add(NEW.chapter_id, 'model', written);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER chapter_history_job_end AFTER UPDATE OF status ON generation_jobs
  FOR EACH ROW EXECUTE FUNCTION chapter_history_on_job_end();
