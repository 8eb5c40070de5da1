import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { saveArticleDraft } from '../../../lib/article-draft';
import { paths } from '../../../lib/paths';
import { useAddUsed } from '../api/add-used';
import type { Persona } from '../api/types';
import { personaToDraft } from '../draft';

/** "Use it to generate": save the draft, count the use without waiting, open the generation form. */
export function useGenerateFromPersona() {
  const navigate = useNavigate();
  const addUsed = useAddUsed();
  return useCallback(
    (persona: Persona) => {
      saveArticleDraft(personaToDraft(persona));
      addUsed(persona.uid);
      void navigate(paths.create);
    },
    [navigate, addUsed],
  );
}
