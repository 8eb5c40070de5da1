import type { PersonaInput } from '@butterfic/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personaKeys } from './keys';
import type { Persona } from './types';

/**
 * POST /persona/create/: publishes the user's own persona. 400001 with
 * data.fields for invalid fields; 403001 for an adult persona from an account
 * without the 18+ confirmation, or text the safety check refuses (its message
 * says which, in the user's language).
 */
export const createPersona = (body: PersonaInput) => api.post<Persona>('/persona/create/', body);

export function useCreatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPersona,
    onSuccess: (persona) => {
      queryClient.setQueryData(personaKeys.detail(persona.uid), persona);
      void queryClient.invalidateQueries({ queryKey: personaKeys.lists() });
    },
  });
}
