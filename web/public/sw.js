/* Butterfic's service worker: keeps the app shell (index.html and the built bundle) so the installed
 * app opens without the network, and answers pages it cannot fetch with the cached shell (marked so
 * the page knows it is offline), or /offline.html when even that is missing. The API and the story
 * streams are never cached.
 * Registered by web/src/lib/service-worker.ts in production builds only. */
const CACHE = 'butterfic-shell-v1';
const SHELL = ['/', '/offline.html', '/offline.css', '/manifest.webmanifest', '/favicon.svg', '/icons/icon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL);
      // Every file of this build (the web build writes the list), so any screen opens offline. One
      // file at a time, so a file that fails is fetched again when used instead of dropping the rest.
      const response = await fetch('/shell-files.json', { cache: 'no-store' }).catch(() => null);
      const list = response && response.ok ? await response.json() : [];
      await Promise.allSettled(list.map((file) => cache.add(`/${file}`)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/* The cached shell, marked as answered without the network: the page shows its offline notice even
 * when navigator.onLine says true (web/src/lib/online-status.ts reads the mark). */
async function markedOffline(shell) {
  const headers = new Headers(shell.headers);
  // The body read here is already decoded, and its length changes.
  headers.delete('content-encoding');
  headers.delete('content-length');
  const html = (await shell.text()).replace(/<head[^>]*>/i, (head) => `${head}<meta name="butterfic-offline-shell" content="">`);
  return new Response(html, { status: shell.status, statusText: shell.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    // Pages: the network first (a deep link may carry its own preview tags), the cached shell offline.
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok && url.pathname === '/') (await caches.open(CACHE)).put('/', response.clone());
          return response;
        } catch {
          const cache = await caches.open(CACHE);
          const shell = await cache.match('/');
          return (shell && (await markedOffline(shell))) || (await cache.match('/offline.html')) || Response.error();
        }
      })(),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    // Hashed build files never change: the cache first, and whatever is fetched is kept.
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) cache.put(request, response.clone());
        return response;
      })(),
    );
    return;
  }

  // Other static files (icons, manifest): the network, the cache when offline.
  event.respondWith(fetch(request).catch(async () => (await caches.match(request)) || Response.error()));
});
