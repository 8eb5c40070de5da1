-- Hand-written (issue 13, docs/decisions/0020): cache invalidation by NOTIFY.
-- Every change to an account row, and every session (refresh family) revoked or
-- deleted, tells every app process on channel butterfic_auth, payload the
-- account uid, so each process forgets its cached bearer-token lookups of that
-- account within milliseconds. pg_notify folds identical payloads of one
-- transaction into one message.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('butterfic_auth', OLD.uid);
  ELSE
    PERFORM pg_notify('butterfic_auth', OLD.user_uid);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_change AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_notify_revoke AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_notify_delete AFTER DELETE ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
