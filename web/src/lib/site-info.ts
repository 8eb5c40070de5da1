import type { Language, SiteInfo } from '@butterfic/contract';
import { minAgeFor } from '@butterfic/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /site/info/: the policy pages' facts and whether payments are a public sandbox (public, no sign-in; every screen may read it). */
export const getSiteInfo = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<SiteInfo>('/site/info/', undefined, { signal, anonymous: true });

export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['site-info'] as const,
    queryFn: ({ signal }) => getSiteInfo({ signal }),
    // Server configuration: changes only when the operator restarts the server.
    staleTime: 60 * 60 * 1000,
    retry: 1,
  });

export const useSiteInfo = () => useQuery(siteInfoQueryOptions());

/**
 * The minimum age the current market's texts and sign-up checkbox state (the server's MIN_AGES, else the legal
 * floor of that market while it has not answered): one number for the agreement and the checkbox alike.
 */
export function useMinAge(language: Language): number {
  const { data } = useSiteInfo();
  return minAgeFor(language, data?.min_ages);
}
