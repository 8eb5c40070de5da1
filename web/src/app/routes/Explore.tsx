import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonaFeed } from '../../features/personas/components/PersonaFeed';
import { currentLanguage, isLanguage } from '../../lib/language';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /explore: a tab screen; the personas follow the interface language and reload when it changes. */
export function Explore() {
  const { t, i18n } = useTranslation();
  const title = t('screens.explore');
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  useDocumentTitle(title);
  return (
    <div className="page page--wide">
      <header className="page-header">
        <h1>{title}</h1>
        <p>{t('explore.subtitle')}</p>
        <Link className="btn btn--secondary explore-new-persona" to={paths.newPersona}>
          <Plus aria-hidden="true" size={18} />
          {t('newPersona.create')}
        </Link>
      </header>
      <PersonaFeed language={language} />
    </div>
  );
}
