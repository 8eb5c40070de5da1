import type { Language } from '@butterfic/contract';
import { PAGE_SIZE } from '@butterfic/contract/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personaKeys } from './keys';
import type { PersonaPage } from './types';

/** Page 1 has no snapshot; later pages carry page 1's, so new personas never shift them. */
export type FeedCursor = { page: number; snapshot?: number };

/** GET /persona/list/: the recommended personas in one language, 20 a page. */
export const listPersonas = (
  { language, page, snapshot }: { language: Language } & FeedCursor,
  { signal }: { signal?: AbortSignal } = {},
) => api.get<PersonaPage>('/persona/list/', { page, language, snapshot }, { signal });

/** SPEC.md section 4: stop when a page returns fewer than 20 (or the server says there is no more). */
export const nextFeedCursor = (last: PersonaPage): FeedCursor | undefined =>
  last.has_more && last.results.length >= PAGE_SIZE ? { page: last.page + 1, snapshot: last.snapshot } : undefined;

export const personaFeedQueryOptions = (language: Language) =>
  infiniteQueryOptions({
    queryKey: personaKeys.list(language),
    queryFn: ({ pageParam, signal }) => listPersonas({ language, ...pageParam }, { signal }),
    initialPageParam: { page: 1 } as FeedCursor,
    getNextPageParam: nextFeedCursor,
  });

export const usePersonaFeed = (language: Language) => useInfiniteQuery(personaFeedQueryOptions(language));
