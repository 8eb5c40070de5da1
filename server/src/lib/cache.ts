import { NOTICE_BOUND_MS } from '../db/notifications';

/** The NOTIFY channel of migration 0012: the uid of an account whose row or sessions changed. */
export const AUTH_CHANNEL = 'butterfic_auth';
/**
 * The NOTIFY channel of migrations 0027 and 0028: what a list shows changed: anything on the feeds
 * ('pages'), only what the post feed shows ('posts'), one account's favourites ('favorite:<uid>'), one
 * author's novel list ('novels:<uid>'), or a table was emptied ('all').
 */
export const LISTS_CHANNEL = 'butterfic_lists';
const FAVORITE_PREFIX = 'favorite:';
const NOVELS_PREFIX = 'novels:';
/** Entries kept per kind (a page is some 10–30 KB with its bytes; an account lookup one row). */
const MAX_ENTRIES: Record<Kind, number> = { auth: 20_000, persona: 500, post: 500, novel: 500 };
/** Accounts whose favourites are kept, and pages whose favourites are kept per account. */
const MAX_READERS = 2_000;
const MAX_SCOPES = 50;

/**
 * What is kept: bearer-token lookups (an account row and its session, scoped by account; decision 0020),
 * the two public feeds' pages (decision 0040) and the authors' novel lists (scoped by author, decision 0042).
 */
export type Kind = 'auth' | 'persona' | 'post' | 'novel';
const FEEDS = ['persona', 'post'] as const;
type Entry = { value: unknown; until: number; scope?: string };
type Loading = { promise: Promise<unknown>; readAt: number };
type Entries = {
  entries: Map<string, Entry>;
  loading: Map<string, Loading>;
  clearedAt: number;
  /** Per scope (an account, an author), when its entries were last forgotten. */
  forgotAt: Map<string, number>;
};
const entriesOf = (): Entries => ({ entries: new Map(), loading: new Map(), clearedAt: 0, forgotAt: new Map() });
/** An entry's scope (forgotten together: an account's lookups, an author's novel list) and which values may be kept. */
export type ReadOptions<T> = { scope?: string; keep?: (value: T) => boolean };

/**
 * The one per-process cache (docs/decisions/0052): account lookups, feed pages, novel lists and each
 * reader's favourite personas, kept for `ttlMs`. One set of rules for all of them:
 *
 * - a write answered by this process forgets what its route says it changes before its answer leaves
 *   (plugins/cache.ts), so a client never reads its own write stale;
 * - every change anywhere (other processes, the operator CLI, SQL) reaches every process by NOTIFY
 *   (triggers of migrations 0012, 0027 and 0028);
 * - while the LISTEN connection is down nothing is cached, and nothing is used while its heartbeat has
 *   not come back for NOTICE_BOUND_MS (3 s, decision 0047: a connection that died without closing);
 *   nothing is kept longer than `ttlMs`;
 * - a value read before a change notice for its kind or scope is never stored after it, nor shared with
 *   a request that arrived after the notice.
 *
 * Money is never kept: an account lookup holds no balance or debt (plugins/auth.ts reads the row without them).
 */
export class ProcessCache {
  private readonly kinds: Record<Kind, Entries> = { auth: entriesOf(), persona: entriesOf(), post: entriesOf(), novel: entriesOf() };
  /** Per account, per set of personas (a page's): which of them the account keeps as favourites. */
  private readonly favorites = new Map<string, Map<string, Entry>>();
  private listening = false;
  /** A counter of forget events; a read's stamp is its value when the read started. */
  private tick = 0;
  private clearedAt = 0;
  private readonly favoritesForgotAt = new Map<string, number>();

  /**
   * @param silentFor milliseconds within which every committed change notice is known to have arrived
   *   (the LISTEN connection's `silentFor`, decision 0047); by default 0, for a cache fed by hand.
   */
  constructor(
    readonly ttlMs: number,
    private readonly silentFor: () => number = () => 0,
  ) {}

  /** Off while not listening, or while unheard for longer than NOTICE_BOUND_MS (a change may be on its way). */
  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening && this.silentFor() <= NOTICE_BOUND_MS;
  }

  /** How many list pages are held now (operators' and tests' view). */
  get size(): number {
    return this.kinds.persona.entries.size + this.kinds.post.entries.size + this.kinds.novel.entries.size;
  }

  /**
   * The `kind` value under `key`, or `load`'s answer: stored unless a change notice for its kind or its
   * `scope` came while it ran, `keep` refuses it, or it failed. Concurrent misses share one load.
   */
  read<T>(kind: Kind, key: string, load: () => Promise<T>, { scope, keep }: ReadOptions<T> = {}): Promise<T> {
    if (!this.enabled) return load();
    const held = this.kinds[kind];
    const hit = held.entries.get(key);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.value as T);
    const running = held.loading.get(key);
    if (running && !overtaken(held, running.readAt, scope)) return running.promise as Promise<T>;
    const readAt = this.tick;
    const promise = load();
    held.loading.set(key, { promise, readAt });
    const settle = () => {
      if (held.loading.get(key)?.promise === promise) held.loading.delete(key);
    };
    promise.then((value) => {
      settle();
      if (!this.enabled || overtaken(held, readAt, scope) || (keep && !keep(value))) return;
      // The oldest entry makes room (Map keeps insertion order).
      held.entries.delete(key);
      if (held.entries.size >= MAX_ENTRIES[kind]) held.entries.delete(held.entries.keys().next().value!);
      held.entries.set(key, { value, until: Date.now() + this.ttlMs, ...(scope !== undefined && { scope }) });
    }, settle);
    return promise;
  }

  /** The `kind` value held under `key` and usable now, without reading anything (tests' and operators' view). */
  peek(kind: Kind, key: string): unknown {
    const hit = this.enabled ? this.kinds[kind].entries.get(key) : undefined;
    return hit && hit.until > Date.now() ? hit.value : undefined;
  }

  /**
   * Which personas of one page (`scope` names exactly the personas asked about) account `uid` keeps as
   * favourites, or `load`'s answer (stored unless the account's favourites were forgotten while it ran).
   */
  async favoritesOf(uid: string, scope: string, load: () => Promise<string[]>): Promise<ReadonlySet<string>> {
    if (!this.enabled) return new Set(await load());
    const hit = this.favorites.get(uid)?.get(scope);
    if (hit && hit.until > Date.now()) return hit.value as ReadonlySet<string>;
    const readAt = this.tick;
    const value = new Set(await load());
    if (!this.enabled || this.clearedAt > readAt || (this.favoritesForgotAt.get(uid) ?? 0) > readAt) return value;
    let scopes = this.favorites.get(uid);
    if (!scopes) {
      if (this.favorites.size >= MAX_READERS) this.favorites.clear();
      this.favorites.set(uid, (scopes = new Map()));
    }
    if (scopes.size >= MAX_SCOPES) scopes.clear();
    scopes.set(scope, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  /** A NOTIFY on AUTH_CHANNEL (an account's uid) or LISTS_CHANNEL. */
  heard(channel: string, payload: string): void {
    if (channel === AUTH_CHANNEL) this.forget('auth', payload);
    else if (payload.startsWith(FAVORITE_PREFIX)) this.forgetFavorites(payload.slice(FAVORITE_PREFIX.length));
    else if (payload.startsWith(NOVELS_PREFIX)) this.forget('novel', payload.slice(NOVELS_PREFIX.length));
    else if (payload === 'all') this.clear();
    else if (payload === 'posts') this.forget('post');
    else for (const feed of FEEDS) this.forget(feed);
  }

  /** Forgets the `kind` entries of one scope (an account, an author), or all of them: those held and those being read. */
  forget(kind: Kind, scope?: string): void {
    const held = this.kinds[kind];
    if (scope === undefined || held.forgotAt.size >= MAX_ENTRIES.auth) {
      held.entries.clear();
      held.forgotAt.clear(); // the kind's stamp covers every scope's
      held.clearedAt = ++this.tick;
      return;
    }
    for (const [key, entry] of held.entries) if (entry.scope === scope) held.entries.delete(key);
    held.forgotAt.set(scope, ++this.tick);
  }

  forgetFavorites(uid: string): void {
    this.favorites.delete(uid);
    if (this.favoritesForgotAt.size >= MAX_READERS) this.clear();
    else this.favoritesForgotAt.set(uid, ++this.tick);
  }

  /** Forgets everything; a read started before this is not stored. */
  clear(): void {
    this.favorites.clear();
    this.favoritesForgotAt.clear();
    for (const kind of Object.keys(this.kinds) as Kind[]) this.forget(kind);
    this.clearedAt = this.tick;
  }

  /** The LISTEN connection is up (true) or lost (false: everything cached may be missing a change). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}

/** A read that started (`readAt`) before its kind, or its scope, was forgotten: neither stored nor shared. */
const overtaken = (held: Entries, readAt: number, scope: string | undefined) =>
  held.clearedAt > readAt || (scope !== undefined && (held.forgotAt.get(scope) ?? 0) > readAt);
