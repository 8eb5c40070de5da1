-- Hand-written (issue 27, docs/decisions/0039): a change of an account's balance, debt or
-- updated_at alone no longer tells every process to forget the account's cached bearer-token
-- lookups. Every story charges the account, so every story start emptied the cache and the next
-- request of the same reader paid a database round trip for its auth. Nothing the cache decides
-- with (bans, suspensions, roles, verification, age, pass, deletion, sessions) is in those three
-- columns; screens that show the balance read it from the database (GET /user/info/).
DROP TRIGGER users_notify_auth_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_change AFTER UPDATE ON users
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'balance' - 'debt' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'balance' - 'debt' - 'updated_at'))
  EXECUTE FUNCTION notify_auth_change();
