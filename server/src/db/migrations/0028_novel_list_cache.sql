-- Hand-written (issue 27, docs/decisions/0042): each author's novel list (GET /novel/list/) is cached in
-- each app process as well; every change to what it shows tells every process on channel butterfic_lists
-- with payload 'novels:<author uid>' (forget that author's novel pages only); a TRUNCATE says 'all'.
-- What a page reads: the author's novels (new, deleted, and every column presentNovel or the query's
-- filters read: title, tags, settings, status, takedown, failure, visibility, the chosen path's length,
-- word count, times) and the author's name, ban and suspension (users). Chapters are not read: the
-- chapter count is the path's length, and an edit or a version chosen rewrites the novel's path and
-- word count. A running job's progress save (word_count and updated_at, every second, while the novel
-- is 'generating' or 'continuing') says nothing: the cache never keeps a page showing such a novel, and
-- the status that starts or ends the writing does notify.
CREATE FUNCTION notify_novel_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('butterfic_lists', 'all');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('butterfic_lists', 'novels:' || NEW.uid);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('butterfic_lists', 'novels:' || OLD.author_uid);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('butterfic_lists', 'novels:' || NEW.author_uid);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER novels_notify_novel_lists AFTER INSERT OR DELETE ON novels
  FOR EACH ROW EXECUTE FUNCTION notify_novel_lists();
--> statement-breakpoint
CREATE TRIGGER novels_notify_novel_lists_update AFTER UPDATE ON novels
  FOR EACH ROW WHEN (
    (OLD.author_uid, OLD.title, OLD.tags, OLD.params, OLD.is_r18, OLD.dialogue_heavy, OLD.first_person, OLD.language,
      OLD.generate_status, OLD.written_by, OLD.is_public, OLD.status, OLD.takedown_reason, OLD.taken_down_at, OLD.failure,
      OLD.path, OLD.created_at, OLD.seq)
    IS DISTINCT FROM
    (NEW.author_uid, NEW.title, NEW.tags, NEW.params, NEW.is_r18, NEW.dialogue_heavy, NEW.first_person, NEW.language,
      NEW.generate_status, NEW.written_by, NEW.is_public, NEW.status, NEW.takedown_reason, NEW.taken_down_at, NEW.failure,
      NEW.path, NEW.created_at, NEW.seq)
    OR ((OLD.word_count, OLD.updated_at) IS DISTINCT FROM (NEW.word_count, NEW.updated_at)
      AND NEW.generate_status NOT IN ('generating', 'continuing')))
  EXECUTE FUNCTION notify_novel_lists();
--> statement-breakpoint
CREATE TRIGGER novels_notify_novel_lists_truncate AFTER TRUNCATE ON novels
  FOR EACH STATEMENT EXECUTE FUNCTION notify_novel_lists();
--> statement-breakpoint
CREATE TRIGGER users_notify_novel_lists AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.suspended_until IS DISTINCT FROM NEW.suspended_until)
  EXECUTE FUNCTION notify_novel_lists();
