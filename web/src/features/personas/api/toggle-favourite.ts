import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personaKeys } from './keys';
import type { FavouriteOutput, Persona } from './types';

/** POST /persona/favorite/ {post_id}: toggles and answers the new state. */
export const toggleFavourite = (uid: string) => api.post<FavouriteOutput>('/persona/favorite/', { post_id: uid });

/**
 * The star (SPEC.md section 4): the cached persona changes only when the call
 * succeeds; the favourites list is refetched the next time it is shown.
 */
export function useToggleFavourite(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleFavourite(uid),
    scope: { id: `personas:favourite:${uid}` },
    onSuccess: ({ is_favorite }) => {
      queryClient.setQueryData<Persona>(personaKeys.detail(uid), (persona) => (persona ? { ...persona, is_favorite } : persona));
      void queryClient.invalidateQueries({ queryKey: personaKeys.favourites() });
    },
  });
}
