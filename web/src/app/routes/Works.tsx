import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { WorksList } from '../../features/novels/components/WorksList';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /user/work: my works (the router wraps it in RequireAuth). */
export function Works() {
  const { t } = useTranslation();
  const title = t('screens.works');
  useDocumentTitle(title);
  return (
    <>
      <TopBar title={title} parent={paths.user} />
      <WorksList />
    </>
  );
}
