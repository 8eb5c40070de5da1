import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { AdminReport } from '../api';
import { hoursLeft, type PendingAction } from '../hooks/useAdminConsole';
import { ReportActions } from './ReportActions';

/** One report: what was reported, by whom and when, the content as it was then, and what the operator may do. */
export function ReportCard({ report, onAction }: { report: AdminReport; onAction: (p: PendingAction) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const left = hoursLeft(report.due_time);
  const snapshot = report.snapshot;
  return (
    <li className="admin-card" aria-labelledby={titleId}>
      <div className="admin-card-top">
        <span className="admin-pill admin-type">{t(`moderation.admin.type.${report.target_type}`)}</span>
        <h3 id={titleId} className="admin-card-title" lang={snapshot?.language}>
          {snapshot?.title ?? report.target_uid}
        </h3>
        {report.status === 'open' ? (
          <span className={`admin-pill admin-due${left < 4 ? ' admin-due--urgent' : ''}`}>
            {left >= 0 ? t('moderation.admin.dueIn', { hours: left }) : t('moderation.admin.overdue', { hours: -left })}
          </span>
        ) : null}
      </div>
      <ReportFacts report={report} />
      {snapshot ? (
        <details className="admin-snapshot">
          <summary>{t('moderation.admin.snapshot')}</summary>
          <p lang={snapshot.language}>{snapshot.text}</p>
        </details>
      ) : null}
      <ReportActions report={report} ask={(label, build, days = false) => onAction({ label, report, build, days })} />
    </li>
  );
}

function ReportFacts({ report }: { report: AdminReport }) {
  const { t, i18n } = useTranslation();
  const snapshot = report.snapshot;
  return (
    <dl className="admin-facts">
      <dt>{t('moderation.admin.reason')}</dt>
      <dd className="admin-reason">{report.reason}</dd>
      <dt>{t('moderation.admin.reported')}</dt>
      <dd>
        <time dateTime={new Date(report.created_time * 1000).toISOString()}>{formatDateTime(report.created_time, i18n.language)}</time>
        {report.contact_email ? ` · ${report.contact_email}` : ''}
      </dd>
      <dt>{t('moderation.admin.content')}</dt>
      <dd>{t(`moderation.admin.targetStatus.${report.target_status}`)}</dd>
      {report.author_email ? (
        <>
          <dt>{t('moderation.admin.author')}</dt>
          <dd>
            {snapshot?.author_name ? `@${snapshot.author_name} · ` : ''}
            {report.author_email} · {t(`moderation.admin.accountStatus.${report.author_status ?? 'active'}`)}
          </dd>
        </>
      ) : null}
      {report.resolution ? (
        <>
          <dt>{t('moderation.admin.resolution')}</dt>
          <dd>{report.resolution}</dd>
        </>
      ) : null}
    </dl>
  );
}
