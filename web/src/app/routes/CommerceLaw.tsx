import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { PolicyArticle } from '../../features/policy/components/PolicyArticle';
import { PolicyError, PolicySkeleton } from '../../features/policy/components/PolicyStates';
import { usePolicyPage } from '../../features/policy/hooks/usePolicyPage';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/**
 * /legal/commerce: the 特定商取引法に基づく表記 Japanese law asks of anyone selling to consumers in Japan,
 * in Japanese whatever the interface language (a short note says so), with the operator settings filled in.
 */
export function CommerceLaw() {
  const { t, i18n } = useTranslation();
  const title = t('screens.commerceLaw');
  useDocumentTitle(title);
  const page = usePolicyPage('commerce', 'ja');
  return (
    <div className="page page--policy">
      <TopBar title={title} parent={paths.recharge} />
      {page.status === 'ready' ? (
        <PolicyArticle
          text={page.text}
          values={page.values}
          lang="ja"
          meta={i18n.language === 'ja' ? null : <p className="policy-note" lang={i18n.language}>{t('policy.commerceNote')}</p>}
        />
      ) : page.status === 'error' ? (
        <PolicyError error={page.error} retry={page.retry} retrying={page.retrying} />
      ) : (
        <PolicySkeleton />
      )}
    </div>
  );
}
