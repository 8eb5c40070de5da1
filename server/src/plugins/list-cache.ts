import type { FastifyInstance } from 'fastify';
import { ListCache, LISTS_CHANNEL } from '../lib/list-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-process cache of the list pages (docs/decisions/0040, 0042). */
    listCache: ListCache;
  }
  interface FastifyContextConfig {
    /**
     * The route's writes never change what a public feed page shows (the story starts): its answer keeps
     * the feeds' pages. (A story start changes its author's novel list: the route forgets those itself.)
     */
    listsUnchanged?: boolean;
    /** The route's writes may change other accounts' novel lists (moderation): its answer forgets all of them. */
    othersNovelLists?: boolean;
  }
}

/** The list cache, fed by the process's LISTEN connection; off under NODE_ENV=test unless LIST_CACHE_MS says otherwise. */
export function installListCache(app: FastifyInstance): void {
  const { env, notifications } = app.deps;
  const cache = new ListCache(env.LIST_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 2000));
  if (cache.ttlMs > 0) {
    let heard = false;
    notifications.onState((listening) => heard && cache.setListening(listening));
    app.addHook('onReady', async () => {
      await notifications.on(LISTS_CHANNEL, (payload) => cache.heard(payload));
      heard = true;
      cache.setListening(notifications.listening);
    });
    // A write answered here (a new persona, a takedown, a favourite, an edited story) shows on this
    // process's next read: the feeds' pages, the caller's favourites and the caller's novel list are
    // forgotten before the answer leaves; a moderator's write forgets every novel list.
    // (A callback hook, not an async one: it runs on every answer, and a GET costs it one comparison.)
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const { config } = request.routeOptions;
        if (!config.listsUnchanged) {
          cache.clearPages();
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
