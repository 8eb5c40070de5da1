import type { Language, Tag, Warning } from '@butterfic/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { useSavePost } from '../api/save-post';
import type { Post } from '../api/types';
import { clearSavedPost, writeSavedPost, type SavedPostScope } from '../saved-post';
import { useLeaveGuard } from './useLeaveGuard';

export type PostFormStart = {
  /** What the form opens with (a restored text in progress, the novel's text, or the post). */
  title: string;
  content: string;
  /** The text the post is compared with for "modified": the novel's, or the post's as saved. */
  original: { title: string; content: string };
  /** The saved text differs from the bound novel's already (an earlier edit). */
  modified: boolean;
  restored: boolean;
};

/** A random key for every create one form sends (getRandomValues, unlike randomUUID, also works on plain http). */
const newRequestId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The post form's state and its one way out (SPEC.md sections 2 and 5): title and text kept locally
 * at every change, both required before anything is sent, Publish or Save draft, and the leave guard
 * that offers to save a changed text as a draft.
 */
export function usePostForm({
  start: opening,
  scope,
  language,
  novelUid,
  post,
  onSaved,
}: {
  start: PostFormStart;
  scope: SavedPostScope;
  language: Language;
  novelUid?: string | undefined;
  post?: Post | undefined;
  onSaved: (post: Post, published: boolean) => void;
}) {
  const { t } = useTranslation();
  // What the form opened with stays fixed while the text in progress is saved locally under it.
  const [start] = useState(opening);
  const [title, setTitle] = useState(start.title);
  const [content, setContent] = useState(start.content);
  // Readers may download it as an EPUB unless the author says no (issue 30).
  const [allowDownload, setAllowDownload] = useState(post ? post.allow_download === 1 : true);
  // Issue 51: a new post from a novel leaves tags unsent until touched (the server starts it with the characters).
  const [tags, setTags] = useState<Tag[] | undefined>(post?.tags);
  const [warnings, setWarnings] = useState<Warning[]>(post?.warnings ?? []);
  const [commentsOff, setCommentsOff] = useState(post?.comments_off === 1);
  const [errors, setErrors] = useState<{ title?: string | undefined; content?: string | undefined }>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const save = useSavePost(post?.uid);
  // One key for every create this form sends: a retry after a lost answer gets the same post back.
  const [requestId] = useState(newRequestId);

  const changed = title !== start.original.title || content !== start.original.content;
  const dirty = (changed || start.restored) && !save.isSuccess;
  const guard = useLeaveGuard(dirty);

  useEffect(() => {
    if (changed) writeSavedPost(scope, { title, content });
  }, [changed, scope, title, content]);

  /** Sends the form; nothing is sent while the title or the text is empty (SPEC.md section 5). */
  const submit = (isPublic: boolean, after?: () => void) => {
    if (save.isPending) return;
    const next = {
      title: title.trim() ? undefined : t('posts.enterTitle'),
      content: content.trim() ? undefined : t('posts.enterContent'),
    };
    setErrors(next);
    if (next.title || next.content) {
      (next.title ? titleRef : contentRef).current?.focus();
      guard.stay();
      return;
    }
    const novelModified = start.modified || content.trim() !== start.original.content.trim();
    save.mutate(
      { title: title.trim(), content, isPublic, novelModified, allowDownload, novelUid, language, requestId, tags, warnings, commentsOff },
      {
        onSuccess: (saved) => {
          clearSavedPost(scope);
          toast(isPublic ? t('posts.published') : t('posts.draftSaved'));
          guard.allow();
          if (after) after();
          else onSaved(saved, isPublic);
        },
        onError: (error) => {
          guard.stay();
          toast(errorMessage(error, t), 'error');
        },
      },
    );
  };

  return {
    restored: start.restored,
    saving: save.isPending,
    editingPublic: post?.is_public === 1,
    title: {
      ref: titleRef,
      value: title,
      error: errors.title,
      onChange: (value: string) => {
        setTitle(value);
        if (errors.title) setErrors((e) => ({ ...e, title: undefined }));
      },
    },
    content: {
      ref: contentRef,
      value: content,
      error: errors.content,
      onChange: (value: string) => {
        setContent(value);
        if (errors.content) setErrors((e) => ({ ...e, content: undefined }));
      },
    },
    allowDownload: { value: allowDownload, onChange: setAllowDownload },
    labels: { tags: tags ?? [], onTags: setTags, warnings, onWarnings: setWarnings, commentsOff, onCommentsOff: setCommentsOff },
    submit,
    leave: {
      open: guard.blocked,
      stay: guard.stay,
      /** Leaves without saving: the text kept locally goes too. */
      discard: () => {
        clearSavedPost(scope);
        guard.proceed();
      },
      /** Saves (as the post is: public stays public) and then leaves. */
      saveAndLeave: () => submit(post?.is_public === 1, guard.proceed),
    },
  };
}
