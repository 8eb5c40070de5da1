import type { Health } from '@butterfic/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createKeys } from './keys';

/** GET /health/: which writer the server runs (offline, openai, llamacpp); the form labels the built-in offline one. */
export const getHealth = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Health>('/health/', undefined, { anonymous: true, signal });

export const writerQueryOptions = () =>
  queryOptions({
    queryKey: createKeys.writer(),
    queryFn: ({ signal }) => getHealth({ signal }),
    select: (health) => health.llm,
    staleTime: 10 * 60_000,
  });

export const useWriter = () => useQuery(writerQueryOptions());
