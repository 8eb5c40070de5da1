import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { accountKeys } from '../../lib/account/keys';
import { CoWriteDesk } from '../../features/cowrite/components/CoWriteDesk';
import { WorkDetails } from '../../features/novels/components/WorkDetails';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /myworks/detail/:articleId: the work reader (the router wraps it in RequireAuth). */
export function WorkReader() {
  const { t } = useTranslation();
  const { articleId = '' } = useParams();
  const queryClient = useQueryClient();
  useDocumentTitle(t('screens.work'));
  return (
    <>
      <TopBar title={t('screens.work')} parent={paths.works} />
      <WorkDetails
        key={articleId}
        uid={articleId}
        // The profile's balance moved (a continuation was paid, a stop refunded).
        onButterChanged={() => void queryClient.invalidateQueries({ queryKey: accountKeys.me() })}
        // Select, revise, accept; the chapter's history (issue 50).
        desk={(details) => <CoWriteDesk details={details} />}
      />
    </>
  );
}
