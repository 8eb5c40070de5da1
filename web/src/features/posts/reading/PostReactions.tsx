import { Bookmark, BellPlus, Heart, VolumeX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { session } from '../../../lib/session';
import type { Post } from '../api/types';
import { useBookmark, useFollow, useKudos, useMute } from './api';
import './reading.css';

/** Kudos, bookmark, follow and mute on a post page (issue 51); a visitor is asked to log in. */
export function PostReactions({ post }: { post: Post }) {
  const { t } = useTranslation();
  const kudos = useKudos(post.uid);
  const bookmark = useBookmark(post.uid);
  const follow = useFollow(post.uid, post.author_uid);
  const mute = useMute(post.uid, post.author_uid);
  const onError = (error: unknown) => toast(errorMessage(error, t), 'error');
  if (!session.isLoggedIn())
    return (
      <p className="post-reactions">
        <Heart aria-hidden="true" size={18} /> {t('reading.kudos.count', { count: post.kudos_count })} ·{' '}
        <Link className="text-link" to={paths.login}>
          {t('reading.loginToReact')}
        </Link>
      </p>
    );
  return (
    <div className="post-reactions" role="group" aria-label={t('reading.reactions')}>
      <button
        type="button"
        className="btn btn--secondary"
        aria-pressed={post.kudoed}
        disabled={post.is_mine || post.kudoed || kudos.isPending}
        onClick={() => kudos.mutate(undefined, { onError })}
      >
        <Heart aria-hidden="true" size={18} fill={post.kudoed ? 'currentColor' : 'none'} />
        {post.kudoed ? t('reading.kudos.given') : t('reading.kudos.give')}
        <span className="reaction-count">{t('reading.kudos.count', { count: post.kudos_count })}</span>
      </button>
      {post.is_mine ? null : (
        <>
          <button
            type="button"
            className="btn btn--secondary"
            aria-pressed={post.bookmarked}
            onClick={() => bookmark.mutate(undefined, { onError })}
          >
            <Bookmark aria-hidden="true" size={18} fill={post.bookmarked ? 'currentColor' : 'none'} />
            {post.bookmarked ? t('reading.bookmark.on') : t('reading.bookmark.off')}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            aria-pressed={post.following_author}
            onClick={() => follow.mutate(undefined, { onError })}
          >
            <BellPlus aria-hidden="true" size={18} />
            {post.following_author ? t('reading.follow.on') : t('reading.follow.off')}
          </button>
          <button type="button" className="btn btn--ghost" aria-pressed={post.muted_author} onClick={() => mute.mutate()}>
            <VolumeX aria-hidden="true" size={18} />
            {post.muted_author ? t('reading.mute.on') : t('reading.mute.off')}
          </button>
        </>
      )}
    </div>
  );
}
