import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setAuthFailureHandler } from '../lib/api-client';
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
  useEffect(() => {
    setAuthFailureHandler((kind) => {
      const target = kind === 'verify' ? '/verify' : '/login';
      if (router.state.location.pathname !== target) void router.navigate(target);
    });
  }, [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
