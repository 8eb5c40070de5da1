import { COMMENT_MAX } from '@butterfic/contract/client';
import type { Comment } from '@butterfic/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReportButton } from '../../../components/report/ReportButton';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { session } from '../../../lib/session';
import { formatDate } from '../format';
import { useComments, useCommentWrite } from './api';
import './reading.css';

function CommentForm({ post, parent, onDone }: { post: string; parent?: Comment; onDone?: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const id = useId();
  const { create } = useCommentWrite(post);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || create.isPending) return;
    create.mutate(
      { content: text.trim(), ...(parent && { parent_uid: parent.uid }) },
      {
        onSuccess: () => {
          setText('');
          onDone?.();
        },
        onError: (error) => toast(errorMessage(error, t), 'error'),
      },
    );
  };
  const label = parent ? t('reading.comments.replyTo', { name: parent.author_name }) : t('reading.comments.write');
  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="input" rows={3} maxLength={COMMENT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" disabled={!text.trim() || create.isPending}>
        {parent ? t('reading.comments.sendReply') : t('reading.comments.send')}
      </Button>
    </form>
  );
}

function CommentItem({ comment, post, canWrite }: { comment: Comment; post: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState(false);
  const { remove } = useCommentWrite(post);
  return (
    <li className={`comment${comment.parent_uid ? ' comment--reply' : ''}`}>
      <p className="comment-meta">
        <strong>@{comment.author_name}</strong>{' '}
        <time dateTime={new Date(comment.created_time * 1000).toISOString()}>{formatDate(comment.created_time, i18n.language)}</time>
      </p>
      <p className="comment-text">{comment.content}</p>
      <div className="comment-actions">
        {canWrite ? (
          <button type="button" className="btn btn--ghost" aria-expanded={replying} onClick={() => setReplying(!replying)}>
            {t('reading.comments.reply')}
          </button>
        ) : null}
        {comment.can_delete ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => remove.mutate(comment.uid, { onError: (error) => toast(errorMessage(error, t), 'error') })}
          >
            {t('reading.comments.delete')}
          </button>
        ) : (
          <ReportButton targetType="comment" targetUid={comment.uid} />
        )}
      </div>
      {replying ? <CommentForm post={post} parent={comment} onDone={() => setReplying(false)} /> : null}
    </li>
  );
}

/** A post's comments (issue 51): threads oldest first, replies under their parent, the form below. */
export function Comments({ post }: { post: string }) {
  const { t } = useTranslation();
  const query = useComments(post);
  const pages = query.data?.pages ?? [];
  const off = pages[0]?.comments_off === true;
  const comments = pages.flatMap((page) => page.results);
  const canWrite = session.isLoggedIn() && !off;
  return (
    <section className="comments" aria-labelledby={`${post}-comments`}>
      <h3 id={`${post}-comments`}>{t('reading.comments.title')}</h3>
      {query.isPending ? <p className="muted">{t('reading.loading')}</p> : null}
      {query.isError ? <p role="alert">{errorMessage(query.error, t)}</p> : null}
      {query.isSuccess && comments.length === 0 ? <p className="muted">{t('reading.comments.none')}</p> : null}
      <ul className="comment-list">
        {comments.map((comment) => (
          <CommentItem key={comment.uid} comment={comment} post={post} canWrite={canWrite} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('reading.comments.more')}
        </Button>
      ) : null}
      {off ? (
        <p className="muted">{t('reading.comments.off')}</p>
      ) : canWrite ? (
        <CommentForm post={post} />
      ) : (
        <Link className="text-link" to={paths.login}>
          {t('reading.loginToComment')}
        </Link>
      )}
    </section>
  );
}
