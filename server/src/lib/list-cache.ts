import { NOTICE_BOUND_MS } from '../db/notifications';

/**
 * The NOTIFY channel of migrations 0027 and 0028: what a list shows changed: anything on the feeds
 * ('pages'), only what the post feed shows ('posts'), one account's favourites ('favorite:<uid>'), one
 * author's novel list ('novels:<uid>'), or a table was emptied ('all').
 */
export const LISTS_CHANNEL = 'butterfic_lists';
const FAVORITE_PREFIX = 'favorite:';
const NOVELS_PREFIX = 'novels:';
/** Pages kept per kind (a page is some 10–30 KB with its bytes), and accounts whose favourites are kept. */
const MAX_PAGES = 500;
const MAX_ENTRIES = 2_000;
/** Pages whose favourites are kept per account. */
const MAX_SCOPES = 50;
/**
 * Pages kept as one reader sees them, each with its JSON and compressed forms (some 60 KB): about 30 MB at
 * most, plus any shared page one of them was built on that has since expired, until it makes room.
 */
const MAX_OVERLAYS = 500;

type Entry = { value: unknown; until: number; scope?: string };
/**
 * The two public feeds (the persona feed's pages depend on less than the post feed's: a post's views, its
 * novel) and the authors' novel lists (decision 0042), whose pages are forgotten per author (their scope).
 */
export type ListKind = 'persona' | 'post' | 'novel';
const FEEDS = ['persona', 'post'] as const;
type Pages = {
  entries: Map<string, Entry>;
  loading: Map<string, Loading>;
  clearedAt: number;
  /** Per scope (an author), when its pages were last forgotten. */
  forgotAt: Map<string, number>;
};
const pagesOf = (): Pages => ({ entries: new Map(), loading: new Map(), clearedAt: 0, forgotAt: new Map() });
type Loading = { promise: Promise<unknown>; readAt: number };
/** A page's scope (its pages are forgotten together: an author's novel list) and which values may be kept. */
export type PageOptions<T> = { scope?: string; keep?: (value: T) => boolean };

/**
 * The list pages (persona feed, post feed, an author's novels) and each reader's favourite personas, kept for
 * `ttlMs` in this process (docs/decisions/0040). The same rules as the auth cache (decision 0020):
 *
 * - a write answered by this process clears the pages and the caller's favourites before its
 *   answer leaves (plugins/list-cache.ts), so a client never reads its own write stale;
 * - every change to what a list shows, anywhere (other processes, the operator CLI, SQL: takedowns,
 *   deletions, bans, edits, uses, views), reaches every process by NOTIFY (triggers of migration 0027);
 * - while the LISTEN connection is down nothing is cached, and nothing is used while its heartbeat
 *   has not come back for NOTICE_BOUND_MS (3 s, decision 0047: a connection that died without closing);
 *   nothing is kept longer than `ttlMs` (what time alone changes, a suspension running out, shows
 *   within that bound);
 * - a page read before a change notice is never stored after it, nor shared with a request that
 *   arrives after the notice.
 *
 * Pages are cached as every reader sees them; per-reader fields (is_favorite, is_mine) are laid over
 * them per request, and a reader's adult setting is part of the page's key. A page with a scope (an
 * author's novel list) is also forgotten with its scope alone.
 */
export class ListCache {
  private readonly kinds: Record<ListKind, Pages> = { persona: pagesOf(), post: pagesOf(), novel: pagesOf() };
  /** Per account, per set of personas (a page's): which of them the account keeps as favourites. */
  private readonly favorites = new Map<string, Map<string, Entry>>();
  private listening = false;
  /** A counter of clear and forget events; a read's stamp is its value when the read started. */
  private tick = 0;
  private clearedAt = 0;
  private readonly favoritesForgotAt = new Map<string, number>();
  /** Per reader and page: a shared page with that reader's own fields laid over it (overlay). */
  private readonly overlays = new Map<string, { kind: ListKind; page: object; favorites: ReadonlySet<string> | null; view: object }>();

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

  /** How many pages are held now (operators' and tests' view). */
  get size(): number {
    return this.kinds.persona.entries.size + this.kinds.post.entries.size + this.kinds.novel.entries.size;
  }

  /**
   * The `kind` page under `key`, or `load`'s answer: stored unless a change notice for its kind or its
   * `scope` came while it ran, or `keep` refuses it.
   */
  page<T>(kind: ListKind, key: string, load: () => Promise<T>, { scope, keep }: PageOptions<T> = {}): Promise<T> {
    if (!this.enabled) return load();
    const pages = this.kinds[kind];
    const hit = pages.entries.get(key);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.value as T);
    const running = pages.loading.get(key);
    if (running && !overtaken(pages, running.readAt, scope)) return running.promise as Promise<T>;
    const readAt = this.tick;
    const promise = load();
    pages.loading.set(key, { promise, readAt });
    const settle = () => {
      if (pages.loading.get(key)?.promise === promise) pages.loading.delete(key);
    };
    promise.then((value) => {
      settle();
      if (!this.enabled || overtaken(pages, readAt, scope) || (keep && !keep(value))) return;
      // The oldest page makes room (Map keeps insertion order).
      pages.entries.delete(key);
      if (pages.entries.size >= MAX_PAGES) pages.entries.delete(pages.entries.keys().next().value!);
      pages.entries.set(key, { value, until: Date.now() + this.ttlMs, ...(scope !== undefined && { scope }) });
    }, settle);
    return promise;
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
      if (this.favorites.size >= MAX_ENTRIES) this.favorites.clear();
      this.favorites.set(uid, (scopes = new Map()));
    }
    if (scopes.size >= MAX_SCOPES) scopes.clear();
    scopes.set(scope, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  /**
   * The `kind` page under `key` as reader `uid` sees it (`build` lays their own fields over it), built once while the page and the reader's `favorites` are the very ones held: the same
   * object comes back, and with it the bytes (and their compressed forms) the serializer built for it
   * the first time (plugins/serializer.ts). A reader with favourites or posts of their own on a page no
   * longer has every answer serialised and compressed anew.
   */
  overlay<T extends object>(kind: ListKind, uid: string, key: string, page: T, favorites: ReadonlySet<string> | null, build: () => T): T {
    if (!this.enabled) return build();
    const reader = `${kind} ${uid} ${key}`;
    const held = this.overlays.get(reader);
    this.overlays.delete(reader);
    if (held && held.page === page && held.favorites === favorites) {
      this.overlays.set(reader, held);
      return held.view as T;
    }
    const view = build();
    // The least recently used makes room (Map keeps insertion order; a hit moves to the end).
    if (this.overlays.size >= MAX_OVERLAYS) this.overlays.delete(this.overlays.keys().next().value!);
    this.overlays.set(reader, { kind, page, favorites, view });
    return view;
  }

  /** A NOTIFY on LISTS_CHANNEL. */
  heard(payload: string): void {
    if (payload.startsWith(FAVORITE_PREFIX)) this.forgetFavorites(payload.slice(FAVORITE_PREFIX.length));
    else if (payload.startsWith(NOVELS_PREFIX)) this.forgetScope('novel', payload.slice(NOVELS_PREFIX.length));
    else if (payload === 'all') this.clear();
    else if (payload === 'posts') this.clearPages('post');
    else this.clearPages();
  }

  /** Forgets the pages of one kind, or of both feeds, and the readers' pages built on them. */
  clearPages(kind?: ListKind): void {
    const stamp = ++this.tick;
    const kinds: readonly ListKind[] = kind ? [kind] : FEEDS;
    for (const name of kinds) {
      const pages = this.kinds[name];
      pages.entries.clear();
      pages.forgotAt.clear(); // the kind's stamp covers every scope's
      pages.clearedAt = stamp;
    }
    for (const [reader, held] of this.overlays) if (kinds.includes(held.kind)) this.overlays.delete(reader);
  }

  /** Forgets the `kind` pages of one scope (an author's novel list): those held and those being read. */
  forgetScope(kind: ListKind, scope: string): void {
    const pages = this.kinds[kind];
    for (const [key, entry] of pages.entries) if (entry.scope === scope) pages.entries.delete(key);
    if (pages.forgotAt.size >= MAX_ENTRIES) this.clearPages(kind);
    else pages.forgotAt.set(scope, ++this.tick);
  }

  forgetFavorites(uid: string): void {
    this.favorites.delete(uid);
    if (this.favoritesForgotAt.size >= MAX_ENTRIES) this.clear();
    else this.favoritesForgotAt.set(uid, ++this.tick);
  }

  /** Forgets everything (favourites and novel lists too); a read started before this is not stored. */
  clear(): void {
    this.favorites.clear();
    this.overlays.clear();
    this.favoritesForgotAt.clear();
    this.clearPages();
    this.clearPages('novel');
    this.clearedAt = this.tick;
  }

  /** The LISTEN connection is up (true) or lost (false: everything cached may be missing a change). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}

/** A read that started (`readAt`) before its kind, or its scope, was forgotten: neither stored nor shared. */
const overtaken = (pages: Pages, readAt: number, scope: string | undefined) =>
  pages.clearedAt > readAt || (scope !== undefined && (pages.forgotAt.get(scope) ?? 0) > readAt);
