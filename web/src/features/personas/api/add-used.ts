import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { personaKeys } from './keys';
import type { AddUsedOutput, Persona } from './types';

/** POST /persona/addused/: counts one use of a persona. */
export const addUsed = (uid: string) => api.post<AddUsedOutput>('/persona/addused/', { persona_uid: uid });

/** Fire and forget (SPEC.md section 7): never awaited, a failure is only logged; the cached count follows on success. */
export function useAddUsed() {
  const queryClient = useQueryClient();
  return useCallback(
    (uid: string) => {
      addUsed(uid).then(
        ({ used_count }) =>
          queryClient.setQueryData<Persona>(personaKeys.detail(uid), (persona) => (persona ? { ...persona, used_count } : persona)),
        (error: unknown) => console.error('counting the persona use failed', error),
      );
    },
    [queryClient],
  );
}
