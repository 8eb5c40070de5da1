import { ExternalLink, PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { usePost } from '../api/get-post';
import { useDeletePost } from '../api/save-post';
import type { Post } from '../api/types';
import { readSavedPost } from '../saved-post';
import { PostForm } from './PostForm';
import { PostError, PostSkeleton } from './PostStates';
import { PostBody } from './PostView';
import { ShareButton } from './ShareButton';
import '../../../components/reader/reader.css';
import '../posts.css';

function DeleteButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeletePost(post.uid);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast(t('posts.deleted'));
        void navigate(paths.myPosts, { replace: true });
      },
      onError: (error) => toast(errorMessage(error, t), 'error'),
    });
  return (
    <>
      <Button variant="ghost" className="post-delete" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" size={18} />
        {t('posts.delete')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('posts.deleteTitle')}
        description={t('posts.deleteBody', { title: post.title })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
              {t('posts.delete')}
            </Button>
          </>
        }
      />
    </>
  );
}

/**
 * /myposts/detail/:postId: one's own post with its draft or public state,
 * its view count, and Edit (the post form, `?edit=1`), Delete and the public link.
 */
export function MyPostDetail({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { data, isPending, error, refetch, isRefetching } = usePost(uid);
  if (isPending) return <PostSkeleton />;
  if (!data) return <PostError error={error} loggedIn retry={() => void refetch()} retrying={isRefetching} />;
  // Someone else's post: its public page.
  if (!data.is_mine) return <Navigate to={paths.post(uid)} replace />;

  if (params.get('edit') === '1') {
    const scope = `post:${data.uid}` as const;
    const saved = readSavedPost(scope);
    const original = { title: data.title, content: data.content };
    return (
      <div className="reader post-editor">
        <PostForm
          key={data.uid}
          start={{ ...(saved ?? original), original, modified: data.novel_modified === 1, restored: saved !== null }}
          scope={scope}
          language={data.language}
          post={data}
          onSaved={() => setParams({}, { replace: true })}
        />
      </div>
    );
  }

  return (
    <article className="reader post-reader">
      <PostBody post={data} draftBadge />
      <div className="post-actions">
        <Link className="btn btn--primary" to={{ search: '?edit=1' }}>
          <PencilLine aria-hidden="true" size={18} />
          {t('posts.edit')}
        </Link>
        {data.is_public ? (
          <>
            <ShareButton path={paths.post(data.uid)} />
            <Link className="btn btn--secondary" to={paths.post(data.uid)}>
              <ExternalLink aria-hidden="true" size={18} />
              {t('posts.openPublic')}
            </Link>
          </>
        ) : (
          <p className="form-hint post-draft-hint">{t('posts.draftHint')}</p>
        )}
        <DeleteButton post={data} />
      </div>
    </article>
  );
}
