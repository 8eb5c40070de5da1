import type { FastifyInstance } from 'fastify';
import { ListCache, LISTS_CHANNEL } from '../lib/list-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-process cache of the public list pages (docs/decisions/0040). */
    listCache: ListCache;
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
    // A write answered here (a new persona, a takedown, a favourite) shows on this process's next read:
    // the pages and the caller's favourites are forgotten before the answer leaves.
    app.addHook('onSend', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      cache.clearPages();
      if (request.user) cache.forgetFavorites(request.user.uid);
    });
  }
  app.decorate('listCache', cache);
}
