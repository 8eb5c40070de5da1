import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { session } from '../../lib/session';
import { NovelStory } from '../../features/novels/components/NovelStory';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /article/detail/:articleId: the novel reading screen, open to anyone when the novel is public. */
export function NovelReader() {
  const { t } = useTranslation();
  const { articleId = '' } = useParams();
  useDocumentTitle(t('screens.novel'));
  return (
    <>
      <TopBar title={t('screens.novel')} parent={paths.explore} />
      <NovelStory key={articleId} uid={articleId} loggedIn={session.isLoggedIn()} />
    </>
  );
}
