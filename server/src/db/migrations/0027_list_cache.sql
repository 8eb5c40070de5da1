-- Hand-written (issue 27, docs/decisions/0040): the public list pages (persona feed, post feed) are
-- cached in each app process; every change to what they show tells every process on channel
-- butterfic_lists. Payload 'pages' (personas, users): forget every cached page; 'posts' (posts, novels:
-- what only the post feed shows, such as a post's views): forget the post feed's pages; 'favorite:<uid>':
-- forget that account's favourites; 'all' (a TRUNCATE): forget everything. pg_notify folds identical
-- payloads of one transaction into one message.
-- What the pages read: personas and posts (any change: new, edited, published, taken down, restored,
-- deleted, used, viewed), the authors' names and bans (users), and a post's novel's writer and
-- persona (novels); a change to anything else in those tables (balances, generation progress) says nothing.
CREATE FUNCTION notify_lists_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('butterfic_lists', 'all');
  ELSIF TG_TABLE_NAME = 'persona_favorites' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('butterfic_lists', 'favorite:' || OLD.user_uid);
    ELSE
      PERFORM pg_notify('butterfic_lists', 'favorite:' || NEW.user_uid);
    END IF;
  ELSIF TG_TABLE_NAME IN ('posts', 'novels') THEN
    PERFORM pg_notify('butterfic_lists', 'posts');
  ELSE
    PERFORM pg_notify('butterfic_lists', 'pages');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER personas_notify_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON personas
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lists_change();
--> statement-breakpoint
CREATE TRIGGER posts_notify_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lists_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_lists AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.suspended_until IS DISTINCT FROM NEW.suspended_until)
  EXECUTE FUNCTION notify_lists_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_lists_delete AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lists_change();
--> statement-breakpoint
CREATE TRIGGER novels_notify_lists AFTER UPDATE ON novels
  FOR EACH ROW WHEN (OLD.written_by IS DISTINCT FROM NEW.written_by OR OLD.persona_uid IS DISTINCT FROM NEW.persona_uid)
  EXECUTE FUNCTION notify_lists_change();
--> statement-breakpoint
CREATE TRIGGER persona_favorites_notify_lists AFTER INSERT OR UPDATE OR DELETE ON persona_favorites
  FOR EACH ROW EXECUTE FUNCTION notify_lists_change();
--> statement-breakpoint
CREATE TRIGGER persona_favorites_notify_lists_truncate AFTER TRUNCATE ON persona_favorites
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lists_change();
--> statement-breakpoint
-- The post feed's excerpt, stored (docs/decisions/0040): a list page reads 160 characters per post
-- instead of each story's opening 4,000. post_excerpt is `excerpt` of server/src/modules/posts/service.ts
-- in SQL (a test holds them equal): every run of JavaScript's whitespace (\s: Unicode's Zs, tab, line
-- breaks, U+FEFF) becomes one space, the ends are trimmed, and a text longer than `len` characters
-- (code points) is cut there, trimmed and given '…'. Kept by a trigger wherever the text changes.
CREATE FUNCTION post_excerpt(content text, len integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN char_length(flat) <= len THEN flat ELSE rtrim(left(flat, len), ' ') || '…' END
  FROM (SELECT btrim(regexp_replace(content, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ') AS flat) f
$$;
--> statement-breakpoint
ALTER TABLE posts ADD COLUMN excerpt text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE posts SET excerpt = post_excerpt(content, 160);
--> statement-breakpoint
CREATE FUNCTION posts_set_excerpt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.excerpt := post_excerpt(NEW.content, 160);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_set_excerpt BEFORE INSERT OR UPDATE OF content ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_set_excerpt();
