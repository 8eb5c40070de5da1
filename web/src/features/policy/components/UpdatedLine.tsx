import { POLICY_UPDATED } from '@butterfic/contract/client';
import { Trans, useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../lib/site-info';

/**
 * "Last updated March 25, 2025", the date written the way the reader's language writes dates:
 * the server's POLICY_UPDATED setting (2025-03-25 unless the operator changed it).
 */
export function UpdatedLine() {
  const { i18n } = useTranslation();
  const updated = useSiteInfo().data?.policy_updated ?? POLICY_UPDATED;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${updated}T00:00:00Z`));
  return (
    <p className="policy-updated">
      <Trans i18nKey="policy.lastUpdated" values={{ date }} components={{ time: <time dateTime={updated} /> }} />
    </p>
  );
}
