import { POLICY_UPDATED } from '@butterfic/contract/client';
import { Trans, useTranslation } from 'react-i18next';

/** "Last updated March 25, 2025", the date written the way the reader's language writes dates. */
export function UpdatedLine() {
  const { i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${POLICY_UPDATED}T00:00:00Z`));
  return (
    <p className="policy-updated">
      <Trans i18nKey="policy.lastUpdated" values={{ date }} components={{ time: <time dateTime={POLICY_UPDATED} /> }} />
    </p>
  );
}
