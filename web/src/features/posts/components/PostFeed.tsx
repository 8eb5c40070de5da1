import type { Language } from '@butterfic/contract';
import { LANGUAGE_NAMES, LANGUAGES } from '@butterfic/contract/client';
import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PagedList } from '../../../components/ui/PagedList';
import { languageName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { uniquePosts, usePostFeed } from '../api/list-posts';
import type { PostPage, PostSummary } from '../api/types';
import { PostRow, PostRowsSkeleton } from './PostRow';
import type { FeedFilters as FeedFilterValues } from '../api/keys';
import { FeedFilters } from '../reading/FeedFilters';
import '../posts.css';

export type FeedLanguage = Language | 'all';

/** The language filter of the feed: the five languages and "all", as a row of radio chips. */
function LanguageFilter({ value, onChange }: { value: FeedLanguage; onChange: (language: FeedLanguage) => void }) {
  const { t } = useTranslation();
  const options: { value: FeedLanguage; label: string }[] = [
    ...LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] })),
    { value: 'all', label: t('posts.allLanguages') },
  ];
  return (
    <div className="post-filter" role="radiogroup" aria-label={t('posts.languageFilter')}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className="post-filter-chip"
          lang={option.value === 'all' ? undefined : option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Read (the Read tab): public posts, newest first, in the chosen language, with infinite scroll. */
export function PostFeed({
  language,
  onLanguageChange,
  filters = {},
  onFiltersChange,
}: {
  language: FeedLanguage;
  onLanguageChange: (language: FeedLanguage) => void;
  filters?: FeedFilterValues;
  onFiltersChange?: (filters: FeedFilterValues) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <LanguageFilter value={language} onChange={onLanguageChange} />
      {onFiltersChange ? <FeedFilters key={`${filters.tag ?? ''}|${filters.exclude ?? ''}`} value={filters} onChange={onFiltersChange} /> : null}
      <PagedList<PostPage, PostSummary>
        query={usePostFeed(language, filters)}
        items={uniquePosts}
        keyOf={(post) => post.uid}
        renderItem={(post) => <PostRow post={post} to={paths.post(post.uid)} />}
        label={t('posts.feedLabel')}
        className="list posts"
        skeleton={<PostRowsSkeleton />}
        errorTitle={t('posts.feedError')}
        empty={
          <EmptyState
            title={t('posts.feedEmpty')}
            body={language === 'all' ? t('posts.feedEmptyBodyAll') : t('posts.feedEmptyBody', { language: languageName(language, i18n.language) })}
            action={
              <Link className="btn btn--primary" to={paths.create}>
                <PenLine aria-hidden="true" size={18} />
                {t('posts.writeOne')}
              </Link>
            }
          />
        }
      />
    </>
  );
}
