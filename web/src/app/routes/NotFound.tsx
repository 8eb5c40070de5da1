import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { TopBar } from '../../components/ui/TopBar';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <>
      <TopBar title={t('notFound.title')} />
      <EmptyState
        art="error"
        title={t('notFound.title')}
        body={t('notFound.body')}
        action={
          <Link className="btn btn--primary" to={paths.explore}>
            {t('notFound.action')}
          </Link>
        }
      />
    </>
  );
}
