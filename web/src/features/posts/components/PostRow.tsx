import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PostSummary } from '../api/types';
import { formatDate } from '../format';
import { TakedownBadge } from '../../../components/report/TakedownNotice';
import { ViewCount } from './ViewCount';
import { StoryLength } from '../../../components/reader/StoryLength';
import { SkeletonRows } from '../../../components/ui/SkeletonRows';

/** One post in a list: title, author, the opening lines, date and views; `own` rows show draft or public. */
export function PostRow({ post, to, own = false }: { post: PostSummary; to: string; own?: boolean }) {
  const { t, i18n } = useTranslation();
  const when = post.published_time ?? post.created_time;
  return (
    <Link className="post-row" to={to}>
      <span className="post-row-top">
        <span className="post-row-title" lang={post.language}>
          {post.title}
        </span>
        {own && post.takedown ? <TakedownBadge /> : null}
        {own ? (
          <span className={`post-state post-state--${post.is_public ? 'public' : 'draft'}`}>
            {post.is_public ? t('posts.public') : t('posts.draft')}
          </span>
        ) : null}
      </span>
      {post.excerpt ? (
        <span className="post-row-excerpt" lang={post.language}>
          {post.excerpt}
        </span>
      ) : null}
      <span className="post-row-meta">
        {own ? null : <span className="post-row-author">@{post.author_name}</span>}
        <time dateTime={new Date(when * 1000).toISOString()}>{formatDate(when, i18n.language)}</time>
        <StoryLength language={post.language} count={post.word_count} />
        <ViewCount count={post.views_count} />
      </span>
    </Link>
  );
}

export function PostRowsSkeleton() {
  return <SkeletonRows listClass="posts" rowClass="post-row" lines={3} />;
}
