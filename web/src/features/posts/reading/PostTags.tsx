import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { Post } from '../api/types';
import { useReadingSettings } from './api';
import './reading.css';

/** The feed filtered by one tag. */
export const tagLink = (name: string) => `${paths.read}?tag=${encodeURIComponent(name)}`;

/** The first tag, shown before the title as pixiv does. */
export function FirstTag({ post }: { post: Pick<Post, 'tags'> }) {
  const { t } = useTranslation();
  const first = post.tags[0];
  if (!first || first.kind === 'freeform') return null;
  return (
    <Link className={`tag tag--${first.kind} tag--lead`} to={tagLink(first.name)}>
      <span className="sr-only">{t(`reading.kinds.${first.kind}`)}: </span>#{first.name}
    </Link>
  );
}

/**
 * The post's tags by kind and its warnings. A reader who chose to hide spoilers sees freeform tags and
 * warnings behind one button until they tap it.
 */
export function PostTags({ post }: { post: Pick<Post, 'tags' | 'warnings'> }) {
  const { t } = useTranslation();
  const hide = useReadingSettings().data?.hide_spoilers === true;
  const [shown, setShown] = useState(false);
  const open = post.tags.filter((tag) => tag.kind !== 'freeform');
  const spoilers = post.tags.filter((tag) => tag.kind === 'freeform');
  const hidden = hide && !shown && (spoilers.length > 0 || post.warnings.length > 0);
  if (post.tags.length === 0 && post.warnings.length === 0) return null;
  return (
    <div className="post-tags">
      <ul className="tag-list" aria-label={t('reading.tags.label')}>
        {(hidden ? open : post.tags).map((tag) => (
          <li key={`${tag.kind}:${tag.name}`}>
            <Link className={`tag tag--${tag.kind}`} to={tagLink(tag.name)}>
              <span className="sr-only">{t(`reading.kinds.${tag.kind}`)}: </span>
              {tag.name}
            </Link>
          </li>
        ))}
      </ul>
      {hidden ? (
        <button type="button" className="btn btn--ghost spoiler-button" onClick={() => setShown(true)}>
          {t('reading.spoilers.show')}
        </button>
      ) : post.warnings.length > 0 ? (
        <p className="post-warnings">
          <strong>{t('reading.warnings.label')}: </strong>
          {post.warnings.map((w) => t(`reading.warnings.${w}`)).join(' · ')}
        </p>
      ) : null}
    </div>
  );
}
