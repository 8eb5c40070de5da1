import { PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { usePost } from '../api/get-post';
import type { Post } from '../api/types';
import { formatDate } from '../format';
import { PostEpubButton } from './PostEpubButton';
import { PostError, PostSkeleton } from './PostStates';
import { PostText } from './PostText';
import { Provenance } from './Provenance';
import { StoryLength } from '../../../components/reader/StoryLength';
import { ReportButton } from '../../../components/report/ReportButton';
import { TakedownNotice } from '../../../components/report/TakedownNotice';
import { ShareButton } from './ShareButton';
import { ViewCount } from './ViewCount';
import { Comments } from '../reading/Comments';
import { PostReactions } from '../reading/PostReactions';
import { FirstTag, PostTags } from '../reading/PostTags';
import '../../../components/reader/reader.css';
import '../posts.css';

/** Author, title, date and view count, the text, and where it came from. */
export function PostBody({ post, draftBadge = false }: { post: Post; draftBadge?: boolean }) {
  const { t, i18n } = useTranslation();
  const when = post.published_time ?? post.created_time;
  return (
    <>
      <TakedownNotice takedown={post.takedown} />
      <header className="reader-header">
        <p className="reader-author">
          <span className="sr-only">{t('posts.author')} </span>@{post.author_name}
        </p>
        <FirstTag post={post} />
        <h2 className="reader-title" lang={post.language}>
          {post.title}
        </h2>
        <p className="reader-meta post-meta">
          {draftBadge ? (
            <span className={`post-state post-state--${post.is_public ? 'public' : 'draft'}`}>
              {post.is_public ? t('posts.public') : t('posts.draft')}
            </span>
          ) : null}
          <time dateTime={new Date(when * 1000).toISOString()}>{formatDate(when, i18n.language)}</time>
          <StoryLength language={post.language} count={post.word_count} />
          <ViewCount count={post.views_count} />
        </p>
        <PostTags post={post} />
      </header>
      <PostText content={post.content} language={post.language} />
      <footer className="post-footer">
        <Provenance provenance={post.provenance} />
        {post.novel_uid && post.is_public ? (
          <Link className="text-link" to={paths.novel(post.novel_uid)}>
            {t('posts.readOriginal')}
          </Link>
        ) : null}
      </footer>
    </>
  );
}

/** The post reading screen (/explore/post/:id): for everyone, visitors included. */
export function PostView({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch, isRefetching } = usePost(uid);
  if (isPending) return <PostSkeleton />;
  if (!data) return <PostError error={error} loggedIn={session.isLoggedIn()} retry={() => void refetch()} retrying={isRefetching} />;
  return (
    <article className="reader post-reader">
      <PostBody post={data} />
      <PostReactions post={data} />
      <div className="post-actions">
        <ShareButton path={paths.post(data.uid)} />
        <PostEpubButton post={data} />
        {!data.is_mine ? (
          <ReportButton targetType="post" targetUid={data.uid} />
        ) : data.takedown ? null : (
          <Link className="btn btn--secondary" to={paths.myPost(data.uid)}>
            <PencilLine aria-hidden="true" size={18} />
            {t('posts.manage')}
          </Link>
        )}
      </div>
      <Comments post={data.uid} />
    </article>
  );
}
