import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { TopBar } from '../../components/ui/TopBar';
import { useDocumentTitle } from '../useDocumentTitle';

/** A titled screen whose feature has not landed yet. */
export function Placeholder({ titleKey, tab = false }: { titleKey: string; tab?: boolean }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <>
      {tab ? (
        <header className="page-header">
          <h1>{title}</h1>
        </header>
      ) : (
        <TopBar title={title} />
      )}
      <EmptyState title={t('placeholder.title')} body={t('placeholder.body')} />
    </>
  );
}
