import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/ui/Toasts';
import { retryRenewal, setAuthFailureHandler, setRefreshUnreachableHandler } from '../lib/api-client';
import { createRouter } from './router';

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
        },
      }),
  );
  const [router] = useState(createRouter);
  const { t } = useTranslation();
  useEffect(() => {
    // Once the first screen is up, fetch the three tab screens in the background so switching tabs is instant.
    const prefetch = () =>
      void Promise.all([import('./routes/Explore'), import('./routes/Create'), import('./routes/Profile')]).catch(() => undefined);
    const idle = window.requestIdleCallback?.(prefetch) ?? window.setTimeout(prefetch, 1500);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(idle) : window.clearTimeout(idle));
  }, []);
  useEffect(() => {
    setAuthFailureHandler((kind) => {
      const target = kind === 'verify' ? '/verify' : '/login';
      if (router.state.location.pathname !== target) void router.navigate(target);
    });
  }, [router]);
  useEffect(() => {
    // No answer while renewing the sign-in: the session stays, and the retry reloads what failed.
    const unreachable = () =>
      toast(t('session.unreachable'), 'error', {
        label: t('common.retry'),
        onClick: () =>
          void retryRenewal().then((renewed) => {
            if (renewed) void queryClient.invalidateQueries();
          }),
      });
    setRefreshUnreachableHandler(unreachable);
  }, [t, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
