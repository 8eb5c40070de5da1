import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Loading } from '../../../components/ui/Loading';
import { errorMessage } from '../../../lib/errors';
import { useAudit } from '../api';

/** The latest actions of every operator (CLI and console): who, when, what, on what, and why. */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const audit = useAudit(true);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="admin-audit" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="admin-section-title">
        {t('moderation.admin.audit')}
      </h2>
      {audit.isPending ? (
        <Loading className="admin-audit-list">
          <span className="skeleton skeleton-line skeleton-line--full" aria-hidden="true" />
        </Loading>
      ) : audit.isError ? (
        <p className="admin-muted">
          {errorMessage(audit.error, t)}{' '}
          <Button variant="ghost" onClick={() => void audit.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : audit.data.results.length === 0 ? (
        <p className="admin-muted">{t('moderation.admin.auditEmpty')}</p>
      ) : (
        <ul className="admin-audit-list">
          {audit.data.results.map((entry) => (
            <li key={entry.id}>
              <time dateTime={new Date(entry.created_time * 1000).toISOString()}>{format.format(new Date(entry.created_time * 1000))}</time>{' '}
              <strong>{entry.actor}</strong> · {t(`moderation.admin.auditAction.${entry.action}`, { defaultValue: entry.action })} ·{' '}
              {entry.target_type} <code>{entry.target_uid}</code>
              {entry.reason ? <span className="admin-audit-reason"> — {entry.reason}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
