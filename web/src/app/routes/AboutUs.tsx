import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { AboutFooter } from '../../features/policy/components/AboutFooter';
import { PolicyArticle } from '../../features/policy/components/PolicyArticle';
import { PolicyError, PolicySkeleton } from '../../features/policy/components/PolicyStates';
import { usePolicyPage } from '../../features/policy/hooks/usePolicyPage';
import { useScrollToHash } from '../../features/policy/hooks/useScrollToHash';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/** /about-us: what Butterfic is, the community guidelines, how to reach us, and a footer. */
export function AboutUs() {
  const { t } = useTranslation();
  const title = t('screens.about');
  useDocumentTitle(title);
  const page = usePolicyPage('about');
  useScrollToHash(page.status === 'ready');
  return (
    <div className="page page--policy">
      <TopBar title={title} parent={paths.user} />
      {page.status === 'ready' ? (
        <PolicyArticle text={page.text} values={page.values} hero>
          <AboutFooter lines={page.text.footer ?? []} values={page.values} />
        </PolicyArticle>
      ) : page.status === 'error' ? (
        <PolicyError error={page.error} retry={page.retry} retrying={page.retrying} />
      ) : (
        <PolicySkeleton />
      )}
    </div>
  );
}
