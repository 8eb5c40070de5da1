import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { AdultGate } from '../../features/accounts/components/AdultGate';
import { session } from '../../lib/session';
import { PersonaDetails } from '../../features/personas/components/PersonaDetails';
import { useReloadPersonas } from '../../features/personas/hooks/useReloadPersonas';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /explore/persona/:personaId: the persona card page; adult personas ask for the account's 18+ confirmation. */
export function Persona() {
  const { t } = useTranslation();
  const { personaId = '' } = useParams();
  const reloadPersonas = useReloadPersonas();
  useDocumentTitle(t('screens.persona'));
  return (
    <>
      <TopBar title={t('screens.persona')} parent={paths.explore} />
      <PersonaDetails
        key={personaId}
        uid={personaId}
        loggedIn={session.isLoggedIn()}
        forbidden={<AdultGate onConfirmed={reloadPersonas} />}
      />
    </>
  );
}
