import type { FastifyInstance } from 'fastify';
import { ListCache, LISTS_CHANNEL } from '../lib/list-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-process cache of the list pages (docs/decisions/0040, 0042). */
    listCache: ListCache;
  }
  interface FastifyContextConfig {
    /**
     * The route's writes never change what a list shows (the story starts; a read sent as POST): its
     * answer keeps every list and the caller's favourites. (A story start changes its author's novel
     * list: the route forgets those itself.)
     */
    listsUnchanged?: boolean;
    /** The route's writes may change other accounts' novel lists (moderation): its answer forgets all of them. */
    othersNovelLists?: boolean;
    /**
     * Which public feeds the route's writes may change when not both: 'post' (a post written, edited or
     * deleted: the post feed only) or 'none' (a favourite, a stop, money, a log-in: nothing a feed page
     * shows). The caller's favourites and novel list are forgotten either way.
     */
    feeds?: 'post' | 'none';
  }
}

/** Routes whose writes change nothing a feed page shows (`feeds`): their answers keep the feeds' pages. */
export const FEEDS_UNCHANGED = { feeds: 'none' } as const;
/** Routes whose writes change only the post feed (`feeds`). */
export const POST_FEED_ONLY = { feeds: 'post' } as const;

/** The list cache, fed by the process's LISTEN connection; off under NODE_ENV=test unless LIST_CACHE_MS says otherwise. */
export function installListCache(app: FastifyInstance): void {
  const { env, notifications } = app.deps;
  const cache = new ListCache(env.LIST_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 30_000), () => notifications.silentFor());
  if (cache.ttlMs > 0) {
    let heard = false;
    notifications.onState((listening) => heard && cache.setListening(listening));
    app.addHook('onReady', async () => {
      await notifications.on(LISTS_CHANNEL, (payload) => cache.heard(payload));
      heard = true;
      cache.setListening(notifications.listening);
    });
    // A write answered here (a new persona, a takedown, a favourite, an edited story) shows on this
    // process's next read: the feeds' pages (those its route's `feeds` names), the caller's favourites
    // and the caller's novel list are forgotten before the answer leaves; a moderator's write forgets
    // every novel list. Under load most writes are favourites, stops, posts and payments: forgetting both
    // feeds on each of them had every reader's feed page read, serialised and compressed anew.
    // (A callback hook, not an async one: it runs on every answer, and a GET costs it one comparison.)
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const { config } = request.routeOptions;
        if (!config.listsUnchanged) {
          if (config.feeds === 'post') cache.clearPages('post');
          else if (config.feeds !== 'none') cache.clearPages();
          if (request.user) {
            cache.forgetFavorites(request.user.uid);
            cache.forgetScope('novel', request.user.uid);
          }
        }
        if (config.othersNovelLists) cache.clearPages('novel');
      }
      done(null, payload);
    });
  }
  app.decorate('listCache', cache);
}
