import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { useEditNovel } from '../api/edit-novel';
import type { Chapter, Novel } from '../api/types';
import { clearSavedArticle, readSavedArticle, writeSavedArticle } from '../saved-article';

/**
 * Inline editing of the last chapter. The text being edited is kept under
 * the novel's saved-article key (SPEC.md section 3) at every keystroke, so a
 * reload reopens the editor with it; a successful save or Cancel clears it.
 */
export function useChapterEdit(novel: Novel, last: Chapter | undefined, canEdit: boolean) {
  const { t } = useTranslation();
  const save = useEditNovel(novel.uid);
  const [restored] = useState(() => (canEdit ? readSavedArticle(novel.uid) : null));
  const [editing, setEditing] = useState(restored !== null);
  const [draft, setDraft] = useState(restored?.content ?? '');
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [focusEditor, setFocusEditor] = useState(false);

  const start = () => {
    if (!last) return;
    setDraft(last.content);
    setEditing(true);
    setFocusEditor(true);
  };
  const change = (content: string) => {
    setDraft(content);
    writeSavedArticle(novel.uid, { title: novel.title, content });
  };
  const cancel = () => {
    clearSavedArticle(novel.uid);
    setEditing(false);
    setShowRestored(false);
  };
  const submit = () => {
    if (!last || save.isPending) return;
    save.mutate(
      { chapterIndex: last.index, content: draft },
      {
        onSuccess: () => {
          clearSavedArticle(novel.uid);
          setEditing(false);
          setShowRestored(false);
          toast(t('reader.saved'));
        },
        onError: (error) => toast(errorMessage(error, t), 'error'),
      },
    );
  };
  return {
    editing: editing && canEdit,
    draft,
    restored: showRestored && editing && canEdit,
    focusEditor,
    saving: save.isPending,
    start,
    change,
    cancel,
    submit,
  };
}
