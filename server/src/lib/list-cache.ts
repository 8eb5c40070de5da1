/** The NOTIFY channel of migration 0027: a list's source changed ('pages'), one account's favourites ('favorite:<uid>'), or a table was emptied ('all'). */
export const LISTS_CHANNEL = 'butterfic_lists';
const FAVORITE_PREFIX = 'favorite:';
const MAX_ENTRIES = 2_000;

type Entry = { value: unknown; until: number };
type Loading = { promise: Promise<unknown>; readAt: number };

/**
 * The public list pages (persona feed, post feed) and each reader's favourite personas, kept for
 * `ttlMs` in this process (docs/decisions/0040). The same rules as the auth cache (decision 0020):
 *
 * - a write answered by this process clears the pages and the caller's favourites before its
 *   answer leaves (plugins/list-cache.ts), so a client never reads its own write stale;
 * - every change to what a list shows, anywhere (other processes, the operator CLI, SQL: takedowns,
 *   deletions, bans, edits, uses, views), reaches every process by NOTIFY (triggers of migration 0027);
 * - while the LISTEN connection is down nothing is cached, and nothing is kept longer than `ttlMs`
 *   (what time alone changes, a suspension running out, shows within that bound);
 * - a page read before a change notice is never stored after it, nor shared with a request that
 *   arrives after the notice.
 *
 * Pages are cached as every reader sees them; per-reader fields (is_favorite, is_mine) are laid over
 * them per request, and a reader's adult setting is part of the page's key.
 */
export class ListCache {
  private readonly pages = new Map<string, Entry>();
  private readonly loading = new Map<string, Loading>();
  private readonly favorites = new Map<string, Entry>();
  private listening = false;
  /** A counter of clear and forget events; a read's stamp is its value when the read started. */
  private tick = 0;
  private pagesClearedAt = 0;
  private clearedAt = 0;
  private readonly favoritesForgotAt = new Map<string, number>();

  constructor(readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  /** How many pages are held now (operators' and tests' view). */
  get size(): number {
    return this.pages.size;
  }

  /** The page under `key`, or `load`'s answer (stored unless a change notice came while it ran). */
  page<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.pages.get(key);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.value as T);
    const running = this.loading.get(key);
    if (running && running.readAt >= this.pagesClearedAt) return running.promise as Promise<T>;
    const readAt = this.tick;
    const promise = load();
    this.loading.set(key, { promise, readAt });
    const settle = () => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    };
    promise.then((value) => {
      settle();
      if (!this.enabled || this.pagesClearedAt > readAt) return;
      if (this.pages.size >= MAX_ENTRIES) this.pages.clear();
      this.pages.set(key, { value, until: Date.now() + this.ttlMs });
    }, settle);
    return promise;
  }

  /** The persona uids `uid` keeps as favourites, or `load`'s answer (stored unless forgotten while it ran). */
  async favoritesOf(uid: string, load: () => Promise<string[]>): Promise<ReadonlySet<string>> {
    if (!this.enabled) return new Set(await load());
    const hit = this.favorites.get(uid);
    if (hit && hit.until > Date.now()) return hit.value as ReadonlySet<string>;
    const readAt = this.tick;
    const value = new Set(await load());
    if (!this.enabled || this.clearedAt > readAt || (this.favoritesForgotAt.get(uid) ?? 0) > readAt) return value;
    if (this.favorites.size >= MAX_ENTRIES) this.clear();
    this.favorites.set(uid, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  /** A NOTIFY on LISTS_CHANNEL. */
  heard(payload: string): void {
    if (payload.startsWith(FAVORITE_PREFIX)) this.forgetFavorites(payload.slice(FAVORITE_PREFIX.length));
    else if (payload === 'all') this.clear();
    else this.clearPages();
  }

  clearPages(): void {
    this.pages.clear();
    this.pagesClearedAt = ++this.tick;
  }

  forgetFavorites(uid: string): void {
    this.favorites.delete(uid);
    if (this.favoritesForgotAt.size >= MAX_ENTRIES) this.clear();
    else this.favoritesForgotAt.set(uid, ++this.tick);
  }

  /** Forgets everything (favourites too); a read started before this is not stored. */
  clear(): void {
    this.favorites.clear();
    this.favoritesForgotAt.clear();
    this.clearPages();
    this.clearedAt = this.tick;
  }

  /** The LISTEN connection is up (true) or lost (false: everything cached may be missing a change). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}
