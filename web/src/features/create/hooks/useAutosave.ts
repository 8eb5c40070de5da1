import { useEffect, useRef } from 'react';
import { saveArticleDraft, type ArticleDraft } from '../../../lib/article-draft';
import { AUTOSAVE_MS } from '../../../components/story-form/draft';

/**
 * Saves the draft every 3 s while it changes (SPEC.md section 4), and once
 * more when the form goes away. Nothing is written until `enabled` (the user
 * has changed something), so an untouched form never overwrites the stored
 * draft or freezes the defaults into it.
 */
export function useAutosave(draft: ArticleDraft, enabled: boolean): void {
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });
  useEffect(() => {
    if (!enabled) return;
    let saved = '';
    const save = () => {
      const json = JSON.stringify(latest.current);
      if (json === saved) return;
      saveArticleDraft(latest.current);
      saved = json;
    };
    const timer = window.setInterval(save, AUTOSAVE_MS);
    return () => {
      window.clearInterval(timer);
      save();
    };
  }, [enabled]);
}
