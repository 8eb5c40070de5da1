import { NOTICE_BOUND_MS } from '../db/notifications';
import type { users } from '../db/schema';

type User = typeof users.$inferSelect;
type Entry = { user: User; sid: string; expMs: number; until: number };

/** The NOTIFY channel of migration 0012: the uid of an account whose row or sessions changed. */
export const AUTH_CHANNEL = 'butterfic_auth';
const MAX_ENTRIES = 20_000;

/**
 * The auth lookup of a bearer token (its account row, its session live), kept
 * for `ttlMs` in this process (docs/decisions/0020). Correctness rests on three
 * things, strongest first:
 *
 * - a write answered by this process forgets what it may have changed before
 *   the answer leaves (`forgetUser` for the caller's own writes, `clear` for
 *   anonymous and admin writes), so a client never reads its own write stale;
 * - every change to an account row or a session anywhere (other processes, the
 *   admin CLI, SQL) reaches every process by NOTIFY (triggers of migration 0012),
 *   within milliseconds;
 * - while the LISTEN connection is down nothing is cached, and an entry is used
 *   only while the connection's own heartbeat (db/notifications.ts) came back
 *   within `NOTICE_BOUND_MS`: every notice committed before it has arrived, so a
 *   ban ends every session within 3 s even on a connection that died without
 *   closing (decision 0047); `ttlMs` bounds the rest (a token's row kept at most
 *   that long);
 * - a lookup read before a change notice is never stored after it: the caller
 *   takes `stamp()` before its query and hands it to `set`, which drops the row
 *   when its account was forgotten (or the cache cleared) since that stamp.
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  /** The cached tokens of each account, so a change to one account forgets only its own. */
  private readonly byUser = new Map<string, Set<string>>();
  private listening = false;
  /** A counter of forget and clear events; a stamp is its value when a lookup started. */
  private tick = 0;
  private clearedAt = 0;
  /** The tick at which each account was last forgotten (kept until the next clear). */
  private readonly forgotAt = new Map<string, number>();

  /**
   * @param silentFor milliseconds within which every committed change notice is known to have
   *   arrived (the LISTEN connection's `silentFor`); by default 0, for a cache fed by hand.
   */
  constructor(
    readonly ttlMs: number,
    private readonly silentFor: () => number = () => 0,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  /** The cached lookup of `token`, or undefined (missing, stale, or the cache is off). */
  get(token: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    // Unheard for too long: a change may be on its way. The entry is kept for when notices flow again.
    if (this.silentFor() > NOTICE_BOUND_MS) return undefined;
    if (entry.until <= now || !this.enabled) {
      this.drop(token, entry.user.uid);
      return undefined;
    }
    return entry;
  }

  /** Take before reading an account; `set` refuses the row when a change notice came after it. */
  stamp(): number {
    return this.tick;
  }

  set(token: string, user: User, sid: string, expMs: number, readAt = this.tick): void {
    if (!this.enabled) return;
    if (this.clearedAt > readAt || (this.forgotAt.get(user.uid) ?? 0) > readAt) return;
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(token, { user, sid, expMs, until: Date.now() + this.ttlMs });
    let tokens = this.byUser.get(user.uid);
    if (!tokens) this.byUser.set(user.uid, (tokens = new Set()));
    tokens.add(token);
  }

  private drop(token: string, uid: string): void {
    this.entries.delete(token);
    const tokens = this.byUser.get(uid);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(uid);
  }

  /**
   * This process charged or credited the account (a story start answers the balance it left): its
   * cached rows show that balance, so the next start decides from it whether to ask the model early.
   */
  noteBalance(uid: string, balance: number): void {
    for (const token of this.byUser.get(uid) ?? []) {
      const entry = this.entries.get(token);
      if (entry) entry.user = { ...entry.user, balance };
    }
  }

  forgetUser(uid: string): void {
    for (const token of this.byUser.get(uid) ?? []) this.entries.delete(token);
    this.byUser.delete(uid);
    if (this.forgotAt.size >= MAX_ENTRIES) this.clear();
    else this.forgotAt.set(uid, ++this.tick);
  }

  clear(): void {
    this.entries.clear();
    this.byUser.clear();
    this.forgotAt.clear();
    this.clearedAt = ++this.tick;
  }

  /** The LISTEN connection is up (true) or lost (false: everything cached may be missing a change). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}
