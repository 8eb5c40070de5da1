import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PostFeed, type FeedLanguage } from '../../features/posts/components/PostFeed';
import { currentLanguage, isLanguage } from '../../lib/language';
import { useDocumentTitle } from '../useDocumentTitle';

/** /read (the Read tab): public posts in the reader's language by default, with a language filter. */
export function Read() {
  const { t, i18n } = useTranslation();
  const title = t('posts.readTitle');
  const [language, setLanguage] = useState<FeedLanguage>(() => (isLanguage(i18n.language) ? i18n.language : currentLanguage()));
  useDocumentTitle(title);
  // Issue 51: the tag and excluded tags live in the address, so a tag link opens the feed filtered.
  const [params, setParams] = useSearchParams();
  const filters = { ...(params.get('tag') && { tag: params.get('tag')! }), ...(params.get('exclude') && { exclude: params.get('exclude')! }) };
  const setFilters = (next: { tag?: string; exclude?: string }) =>
    setParams({ ...(next.tag && { tag: next.tag }), ...(next.exclude && { exclude: next.exclude }) }, { replace: true });
  return (
    <div className="page">
      <header className="page-header">
        <h1>{title}</h1>
        <p>{t('posts.readSubtitle')}</p>
      </header>
      <PostFeed language={language} onLanguageChange={setLanguage} filters={filters} onFiltersChange={setFilters} />
    </div>
  );
}
