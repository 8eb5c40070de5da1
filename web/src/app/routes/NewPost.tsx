import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { NewPostForm } from '../../features/posts/components/NewPostForm';
import { currentLanguage, isLanguage } from '../../lib/language';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /newpost and /newpost/bind/:articleId (the router wraps it in RequireAuth). */
export function NewPost() {
  const { t, i18n } = useTranslation();
  const { articleId } = useParams();
  const title = t('screens.newPost');
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={articleId ? paths.work(articleId) : paths.myPosts} />
      <div className="reader post-editor">
        <NewPostForm
          key={articleId ?? 'new'}
          novelUid={articleId}
          language={isLanguage(i18n.language) ? i18n.language : currentLanguage()}
        />
      </div>
    </>
  );
}
