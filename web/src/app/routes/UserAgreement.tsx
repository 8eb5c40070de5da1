import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { PolicyArticle } from '../../features/policy/components/PolicyArticle';
import { PolicyError, PolicySkeleton } from '../../features/policy/components/PolicyStates';
import { UpdatedLine } from '../../features/policy/components/UpdatedLine';
import { usePolicyPage } from '../../features/policy/hooks/usePolicyPage';
import { useScrollToHash } from '../../features/policy/hooks/useScrollToHash';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /user-agreement: the user agreement and privacy policy, open to visitors (linked from login and the profile). */
export function UserAgreement() {
  const { t } = useTranslation();
  const title = t('screens.agreement');
  useDocumentTitle(title);
  const page = usePolicyPage('agreement');
  useScrollToHash(page.status === 'ready');
  return (
    <div className="page page--policy">
      <TopBar title={title} parent={paths.user} />
      {page.status === 'ready' ? (
        <PolicyArticle text={page.text} values={page.values} meta={<UpdatedLine />} toc />
      ) : page.status === 'error' ? (
        <PolicyError error={page.error} retry={page.retry} retrying={page.retrying} />
      ) : (
        <PolicySkeleton />
      )}
    </div>
  );
}
