import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PagedList } from '../../../components/ui/PagedList';
import { paths } from '../../../lib/paths';
import { uniquePosts, useMyPosts } from '../api/list-posts';
import type { PostPage, PostSummary } from '../api/types';
import { PostRow, PostRowsSkeleton } from './PostRow';
import '../posts.css';

/** My posts (/user/post): drafts and public posts, newest first; a row opens the post to read, edit or delete. */
export function MyPostsList() {
  const { t } = useTranslation();
  return (
    <PagedList<PostPage, PostSummary>
      query={useMyPosts()}
      items={uniquePosts}
      keyOf={(post) => post.uid}
      renderItem={(post) => <PostRow post={post} to={paths.myPost(post.uid)} own />}
      label={t('screens.myPosts')}
      className="list posts"
      skeleton={<PostRowsSkeleton />}
      errorTitle={t('posts.mineError')}
      empty={
        <EmptyState
          title={t('posts.mineEmpty')}
          body={t('posts.mineEmptyBody')}
          action={
            <Link className="btn btn--primary" to={paths.works}>
              <PenLine aria-hidden="true" size={18} />
              {t('posts.fromWorks')}
            </Link>
          }
        />
      }
    />
  );
}
