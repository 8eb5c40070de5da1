import { PAGE_SIZE } from '@butterfic/contract/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personaKeys } from './keys';
import type { FavouritesPage } from './types';

/** GET /persona/list/myfavorite/: the caller's favourited personas, newest favourite first. */
export const listFavourites = (page: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<FavouritesPage>('/persona/list/myfavorite/', { page }, { signal });

export const favouritesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: personaKeys.favourites(),
    queryFn: ({ pageParam, signal }) => listFavourites(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: FavouritesPage) => (last.has_more && last.results.length >= PAGE_SIZE ? last.page + 1 : undefined),
  });

export const useFavourites = () => useInfiniteQuery(favouritesQueryOptions());
