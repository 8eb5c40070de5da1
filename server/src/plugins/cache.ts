import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_CHANNEL, LISTS_CHANNEL, ProcessCache } from '../lib/cache';

/**
 * What a write may change of what the cache holds (route config `changes`, docs/decisions/0052):
 * - `account`: the caller's account row or sessions (an anonymous or admin caller: any account's);
 * - `persona-feed`, `post-feed`: what those feeds' pages show;
 * - `mine`: the caller's favourites and novel list;
 * - `novel-lists`: other authors' novel lists (moderation).
 */
export type Change = 'account' | 'persona-feed' | 'post-feed' | 'mine' | 'novel-lists';

/** A write route that names nothing may change its caller's account, both feeds and the caller's own lists. */
const UNNAMED: readonly Change[] = ['account', 'persona-feed', 'post-feed', 'mine'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-process cache (docs/decisions/0020, 0040, 0042, 0052). */
    cache: ProcessCache;
  }
  interface FastifyContextConfig {
    /**
     * What the route's writes may change of what the cache holds; forgotten before the answer leaves.
     * Unset on a write: UNNAMED. A story start names nothing and forgets its author's novel list itself
     * (a streamed answer skips onSend).
     */
    changes?: readonly Change[];
  }
}

/** Route config: the route's writes change `names` of what the cache holds, nothing else. */
export const changes = (...names: Change[]) => ({ changes: names });

/** The one rule: a write answered here forgets what its route names before the answer leaves. */
export function forgetChanges(cache: ProcessCache, request: FastifyRequest, isAdmin: (request: FastifyRequest) => boolean): void {
  const names = request.routeOptions.config.changes ?? UNNAMED;
  const uid = request.user?.uid;
  for (const name of names) {
    if (name === 'account') {
      if (uid && !isAdmin(request)) cache.forget('auth', uid);
      else cache.forget('auth');
    } else if (name === 'persona-feed') cache.forget('persona');
    else if (name === 'post-feed') cache.forget('post');
    else if (name === 'novel-lists') cache.forget('novel');
    else if (uid) {
      cache.forgetFavorites(uid);
      cache.forget('novel', uid);
    }
  }
}

/** The cache, fed by the process's LISTEN connection (CACHE_MS; 0 turns it off). */
export function installCache(app: FastifyInstance, isAdmin: (request: FastifyRequest) => boolean): void {
  const { env, notifications } = app.deps;
  const cache = new ProcessCache(env.CACHE_MS, () => notifications.silentFor());
  if (cache.ttlMs > 0) {
    let heard = false;
    notifications.onState((listening) => heard && cache.setListening(listening));
    app.addHook('onReady', async () => {
      await notifications.on(AUTH_CHANNEL, (uid) => cache.heard(AUTH_CHANNEL, uid));
      await notifications.on(LISTS_CHANNEL, (payload) => cache.heard(LISTS_CHANNEL, payload));
      heard = true;
      cache.setListening(notifications.listening);
    });
    // A callback hook, not an async one: it runs on every answer, and a GET costs it one comparison.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') forgetChanges(cache, request, isAdmin);
      done(null, payload);
    });
  }
  app.decorate('cache', cache);
}
