import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { PersonaForm } from '../../features/personas/components/PersonaForm';
import { emptyPersona } from '../../features/personas/persona-form';
import { currentLanguage, isLanguage } from '../../lib/language';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /persona/new (the router wraps it in RequireAuth): a persona written by hand or from character cards. */
export function NewPersona() {
  const { t, i18n } = useTranslation();
  const title = t('newPersona.title');
  useDocumentTitle(title);
  const [initial] = useState(() => emptyPersona(isLanguage(i18n.language) ? i18n.language : currentLanguage()));
  return (
    <>
      <TopBar title={title} parent={paths.explore} />
      <p className="persona-form-intro">{t('newPersona.subtitle')}</p>
      <PersonaForm initial={initial} />
    </>
  );
}
