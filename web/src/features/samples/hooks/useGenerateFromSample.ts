import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { saveArticleDraft } from '../../../lib/article-draft';
import { paths } from '../../../lib/paths';
import type { SampleStory } from '../stories';

/** "Generate another one": store the sample's draft under articleDraft and open the generation form (SPEC.md section 2). */
export function useGenerateFromSample() {
  const navigate = useNavigate();
  return useCallback(
    (story: SampleStory) => {
      saveArticleDraft(story.draft);
      void navigate(paths.create);
    },
    [navigate],
  );
}
