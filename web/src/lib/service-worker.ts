/**
 * Installs web/public/sw.js (the app shell kept for offline use) in production builds only: in
 * development Vite serves unbundled modules that the worker must not keep.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('service worker not registered', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
