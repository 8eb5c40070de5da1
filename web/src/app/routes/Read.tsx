import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostFeed, type FeedLanguage } from '../../features/posts/components/PostFeed';
import { currentLanguage, isLanguage } from '../../lib/language';
import { useDocumentTitle } from '../useDocumentTitle';

/** /read (the Read tab): public posts in the reader's language by default, with a language filter. */
export function Read() {
  const { t, i18n } = useTranslation();
  const title = t('posts.readTitle');
  const [language, setLanguage] = useState<FeedLanguage>(() => (isLanguage(i18n.language) ? i18n.language : currentLanguage()));
  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="page-header">
        <h1>{title}</h1>
        <p>{t('posts.readSubtitle')}</p>
      </header>
      <PostFeed language={language} onLanguageChange={setLanguage} />
    </div>
  );
}
