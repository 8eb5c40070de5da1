import type { Language } from '@butterfic/contract';
import { POST_CONTENT_MAX, POST_TITLE_MAX } from '@butterfic/contract/client';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { useSavePost } from '../api/save-post';
import type { Post } from '../api/types';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import { clearSavedPost, writeSavedPost, type SavedPostScope } from '../saved-post';
import '../../../components/reader/reader.css';
import '../posts.css';

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

/**
 * The post form (SPEC.md sections 2 and 5): title and text, Publish and Save
 * draft; both are required or nothing is sent. The text in progress is kept
 * locally at every keystroke, and leaving with changes asks whether to save
 * them as a draft. The same form edits an existing post (`post`).
 */
export function PostForm({
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
  post?: Post;
  onSaved: (post: Post, published: boolean) => void;
}) {
  const { t } = useTranslation();
  // What the form opened with stays fixed while the text in progress is saved locally under it.
  const [start] = useState(opening);
  const [title, setTitle] = useState(start.title);
  const [content, setContent] = useState(start.content);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const save = useSavePost(post?.uid);
  // One key for every create this form sends: a retry after a lost answer gets the same post back.
  // (getRandomValues, unlike randomUUID, also works on a plain-http address.)
  const [requestId] = useState(() =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
  );
  const ids = { title: useId(), content: useId(), titleError: useId(), contentError: useId() };

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
      { title: title.trim(), content, isPublic, novelModified, novelUid, language, requestId },
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(true);
  };

  const editingPublic = post?.is_public === 1;
  return (
    <form className="form post-form" onSubmit={onSubmit} noValidate>
      {start.restored ? <p className="reader-note">{t('posts.restored')}</p> : null}
      <div className="field">
        <label className="field-label" htmlFor={ids.title}>
          {t('posts.titleLabel')}
        </label>
        <input
          ref={titleRef}
          id={ids.title}
          className="input"
          value={title}
          maxLength={POST_TITLE_MAX}
          lang={language}
          placeholder={t('posts.titlePlaceholder')}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? ids.titleError : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            if (errors.title) setErrors((e) => ({ ...e, title: undefined }));
          }}
        />
        {errors.title ? (
          <p id={ids.titleError} className="field-error" role="alert">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.content}>
          {t('posts.contentLabel')}
        </label>
        <textarea
          ref={contentRef}
          id={ids.content}
          className="input post-form-content"
          value={content}
          maxLength={POST_CONTENT_MAX}
          lang={language}
          placeholder={t('posts.contentPlaceholder')}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? ids.contentError : undefined}
          onChange={(event) => {
            setContent(event.target.value);
            if (errors.content) setErrors((e) => ({ ...e, content: undefined }));
          }}
        />
        {errors.content ? (
          <p id={ids.contentError} className="field-error" role="alert">
            {errors.content}
          </p>
        ) : null}
      </div>
      <p className="form-hint post-form-hint">{t('posts.plainTextHint')}</p>
      <div className="post-form-actions">
        <Button variant="secondary" onClick={() => submit(false)} disabled={save.isPending}>
          {editingPublic ? t('posts.unpublish') : t('posts.saveDraft')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          <Send aria-hidden="true" size={18} />
          {save.isPending ? t('posts.saving') : editingPublic ? t('posts.update') : t('posts.publish')}
        </Button>
      </div>
      <Dialog
        open={guard.blocked}
        onOpenChange={(open) => {
          if (!open) guard.stay();
        }}
        title={t('posts.leaveTitle')}
        description={t('posts.leaveBody')}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                clearSavedPost(scope);
                guard.proceed();
              }}
            >
              {t('posts.dontSave')}
            </Button>
            <Button onClick={() => submit(editingPublic, guard.proceed)} disabled={save.isPending}>
              {t('posts.save')}
            </Button>
          </>
        }
      />
    </form>
  );
}
