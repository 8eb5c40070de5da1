import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { personaKeys } from '../api/keys';

/** Refetches every persona query: what a viewer may see changed (the 18+ confirmation, a new session). */
export function useReloadPersonas() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: personaKeys.all }), [queryClient]);
}
