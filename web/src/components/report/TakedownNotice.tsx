import type { Takedown } from '@butterfic/contract';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './report.css';

/** What the author of taken-down content sees (nobody else can open it): that it is hidden, and why. */
export function TakedownNotice({ takedown }: { takedown: Takedown | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!takedown) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(takedown.at * 1000));
  return (
    <div className="takedown-notice" role="status">
      <ShieldAlert aria-hidden="true" size={20} />
      <div>
        <p className="takedown-notice-title">{t('moderation.takenDown.title', { date: when })}</p>
        <p className="takedown-notice-body">{t('moderation.takenDown.body')}</p>
        {takedown.reason ? <p className="takedown-notice-reason">{t('moderation.takenDown.reason', { reason: takedown.reason })}</p> : null}
      </div>
    </div>
  );
}

/** The short label on the author's own list rows. */
export function TakedownBadge() {
  const { t } = useTranslation();
  return <span className="post-state takedown-badge">{t('moderation.takenDown.badge')}</span>;
}
