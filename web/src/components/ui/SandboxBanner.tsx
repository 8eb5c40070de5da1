import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../lib/site-info';

/**
 * On every page while the server runs the sandbox checkout on an address others can reach (issue 25):
 * no card is charged and Butter bought there is free, so nobody takes the site for a real shop.
 */
export function SandboxBanner() {
  const { t } = useTranslation();
  const { data } = useSiteInfo();
  if (!data?.sandbox_payments) return null;
  return (
    <p className="sandbox-banner" role="note">
      <FlaskConical aria-hidden="true" size={16} />
      {t('common.sandboxBanner')}
    </p>
  );
}
