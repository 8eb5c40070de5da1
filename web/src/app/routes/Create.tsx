import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CreateForm } from '../../features/create/components/CreateForm';
import { SampleLinks } from '../../features/samples/components/SampleLinks';
import { useDocumentTitle } from '../useDocumentTitle';

/** /, /article/create and /article/create/:articleId: the tab screen with the generation form. */
export function Create() {
  const { t } = useTranslation();
  const { articleId } = useParams();
  const title = t('screens.create');
  useDocumentTitle(title);
  return (
    <>
      <header className="page-header">
        <h1>{title}</h1>
        <p>{t('create.subtitle')}</p>
        <SampleLinks />
      </header>
      <CreateForm key={articleId ?? 'draft'} articleId={articleId} />
    </>
  );
}
