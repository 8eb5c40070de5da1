import type { Language } from '@butterfic/contract';
import { POST_CONTENT_MAX, POST_TITLE_MAX } from '@butterfic/contract/client';
import { Send } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import type { Post } from '../api/types';
import { usePostForm, type PostFormStart } from '../hooks/usePostForm';
import type { SavedPostScope } from '../saved-post';
import { TagEditor } from '../reading/TagEditor';
import '../../../components/reader/reader.css';
import '../posts.css';

export type { PostFormStart };

/** A labelled field with its error below, tied together for screen readers. */
function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (ids: { input: string; error: string }) => ReactNode;
}) {
  const ids = { input: useId(), error: useId() };
  return (
    <div className="field">
      <label className="field-label" htmlFor={ids.input}>
        {label}
      </label>
      {children(ids)}
      {error ? (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The post form (SPEC.md sections 2 and 5): title and text, Publish and Save
 * draft; both are required or nothing is sent. The text in progress is kept
 * locally at every keystroke, and leaving with changes asks whether to save
 * them as a draft (usePostForm). The same form edits an existing post (`post`).
 */
export function PostForm(props: {
  start: PostFormStart;
  scope: SavedPostScope;
  language: Language;
  novelUid?: string | undefined;
  post?: Post;
  onSaved: (post: Post, published: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = usePostForm(props);
  const downloadId = useId();
  const { language } = props;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit(true);
  };
  const described = (error: string | undefined, id: string) => ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? id : undefined,
  });

  return (
    <form className="form post-form" onSubmit={onSubmit} noValidate>
      {form.restored ? <p className="reader-note">{t('posts.restored')}</p> : null}
      <Field label={t('posts.titleLabel')} error={form.title.error}>
        {(ids) => (
          <input
            ref={form.title.ref}
            id={ids.input}
            className="input"
            value={form.title.value}
            maxLength={POST_TITLE_MAX}
            lang={language}
            placeholder={t('posts.titlePlaceholder')}
            {...described(form.title.error, ids.error)}
            onChange={(event) => form.title.onChange(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('posts.contentLabel')} error={form.content.error}>
        {(ids) => (
          <textarea
            ref={form.content.ref}
            id={ids.input}
            className="input post-form-content"
            value={form.content.value}
            maxLength={POST_CONTENT_MAX}
            lang={language}
            placeholder={t('posts.contentPlaceholder')}
            {...described(form.content.error, ids.error)}
            onChange={(event) => form.content.onChange(event.target.value)}
          />
        )}
      </Field>
      <p className="form-hint post-form-hint">{t('posts.plainTextHint')}</p>
      <div className="checkbox-row">
        <input
          id={downloadId}
          type="checkbox"
          className="checkbox"
          checked={form.allowDownload.value}
          onChange={(event) => form.allowDownload.onChange(event.target.checked)}
        />
        <label htmlFor={downloadId}>{t('posts.allowDownload')}</label>
      </div>
      <TagEditor {...form.labels} />
      <div className="post-form-actions">
        <Button variant="secondary" onClick={() => form.submit(false)} disabled={form.saving}>
          {form.editingPublic ? t('posts.unpublish') : t('posts.saveDraft')}
        </Button>
        <Button type="submit" disabled={form.saving}>
          <Send aria-hidden="true" size={18} />
          {form.saving ? t('posts.saving') : form.editingPublic ? t('posts.update') : t('posts.publish')}
        </Button>
      </div>
      <Dialog
        open={form.leave.open}
        onOpenChange={(open) => {
          if (!open) form.leave.stay();
        }}
        title={t('posts.leaveTitle')}
        description={t('posts.leaveBody')}
        actions={
          <>
            <Button variant="secondary" onClick={form.leave.discard}>
              {t('posts.dontSave')}
            </Button>
            <Button onClick={form.leave.saveAndLeave} disabled={form.saving}>
              {t('posts.save')}
            </Button>
          </>
        }
      />
    </form>
  );
}
