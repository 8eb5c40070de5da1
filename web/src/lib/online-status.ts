/**
 * Whether the app is offline, for the offline notice (components/ui/OfflineNotice.tsx). Two signals:
 *
 * - the browser's own: `navigator.onLine` and its `online`/`offline` events;
 * - the page's own load: when the network gave no answer for the page, the service worker
 *   (web/public/sw.js) answered with the cached shell and marked it with
 *   `<meta name="butterfic-offline-shell">`.
 *
 * `navigator.onLine` only means "no network" when it is false: it stays true on a network that
 * reaches nothing (no uplink, a captive portal), and in Chromium 150 a page loaded after DevTools'
 * offline emulation was switched on still reads true. The mark holds until the first sign of the
 * network: an `online` event, or any answer from the server (`reached`, called by lib/api-client.ts).
 * A call that fails on a page that loaded normally stays the screen's own error state.
 */
export const OFFLINE_SHELL_META = 'butterfic-offline-shell';

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export function createOnlineStatus({
  events,
  browser,
  openedOffline,
}: {
  /** Where `online` and `offline` fire (window); none outside a browser. */
  events?: Events;
  /** What says `onLine` (navigator); none outside a browser. */
  browser?: { readonly onLine: boolean };
  /** The page is the service worker's offline shell. */
  openedOffline: boolean;
}) {
  let shellOffline = openedOffline;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const online = () => {
    shellOffline = false;
    notify();
  };
  return {
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) {
        events?.addEventListener('online', online);
        events?.addEventListener('offline', notify);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          events?.removeEventListener('online', online);
          events?.removeEventListener('offline', notify);
        }
      };
    },
    /** True unless the browser says it is offline or the page opened from the offline shell. */
    get: (): boolean => (browser?.onLine ?? true) && !shellOffline,
    /** The server answered (with anything): the network is there. */
    reached(): void {
      if (!shellOffline) return;
      shellOffline = false;
      notify();
    },
  };
}

export const onlineStatus = createOnlineStatus({
  events: typeof window === 'undefined' ? undefined : window,
  browser: typeof navigator === 'undefined' ? undefined : navigator,
  openedOffline: typeof document !== 'undefined' && document.querySelector(`meta[name="${OFFLINE_SHELL_META}"]`) !== null,
});
