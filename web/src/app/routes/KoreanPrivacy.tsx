import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/ui/TopBar';
import { PolicyArticle } from '../../features/policy/components/PolicyArticle';
import { PolicyError, PolicySkeleton } from '../../features/policy/components/PolicyStates';
import { UpdatedLine } from '../../features/policy/components/UpdatedLine';
import { usePolicyPage } from '../../features/policy/hooks/usePolicyPage';
import { useScrollToHash } from '../../features/policy/hooks/useScrollToHash';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../useDocumentTitle';

/**
 * /legal/privacy-ko: the 개인정보 처리방침 Korea's 개인정보 보호법 art. 30 asks to be published, in Korean whatever
 * the interface language (a short note in the reader's language says so), with the operator settings filled in.
 */
export function KoreanPrivacy() {
  const { t, i18n } = useTranslation();
  const title = t('markets.koreanPrivacy');
  useDocumentTitle(title);
  const page = usePolicyPage('privacy', 'ko');
  useScrollToHash(page.status === 'ready');
  const note = i18n.language === 'ko' ? null : (
    <p className="policy-note" lang={i18n.language}>
      {t('markets.koreanPrivacyNote')}
    </p>
  );
  return (
    <div className="page page--policy">
      <TopBar title={title} parent={paths.agreement} />
      {page.status === 'ready' ? (
        <PolicyArticle
          text={page.text}
          values={page.values}
          lang="ko"
          toc
          meta={
            <>
              <UpdatedLine />
              {note}
            </>
          }
        />
      ) : page.status === 'error' ? (
        <PolicyError error={page.error} retry={page.retry} retrying={page.retrying} />
      ) : (
        <PolicySkeleton />
      )}
    </div>
  );
}
