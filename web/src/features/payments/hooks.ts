import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * SPEC.md section 2: `?refresh=true` on the recharge and payout pages cleans
 * the URL and reloads the page (a fresh balance and a fresh checkout).
 */
export function useRefreshParam(): boolean {
  const [params] = useSearchParams();
  const refresh = params.get('refresh') === 'true';
  useEffect(() => {
    if (!refresh) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('refresh');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    window.location.reload();
  }, [refresh]);
  return refresh;
}
