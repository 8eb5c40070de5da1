import type { SiteInfo } from '@butterfic/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { policyKeys } from './keys';

/** GET /site/info/: where takedown notices go and the minimum age (public, no sign-in). */
export const getSiteInfo = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<SiteInfo>('/site/info/', undefined, { signal, anonymous: true });

export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: policyKeys.siteInfo(),
    queryFn: ({ signal }) => getSiteInfo({ signal }),
    // Server configuration: changes only when the operator restarts the server.
    staleTime: 60 * 60 * 1000,
    retry: 1,
  });

export const useSiteInfo = () => useQuery(siteInfoQueryOptions());
