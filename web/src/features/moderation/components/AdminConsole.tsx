import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Loading } from '../../../components/ui/Loading';
import { errorMessage } from '../../../lib/errors';
import { REPORT_STATUSES, useAdminConsole } from '../hooks/useAdminConsole';
import { ActionDialog } from './ActionDialog';
import { AuditLog } from './AuditLog';
import { ReportCard } from './ReportCard';
import '../moderation.css';
import { Disputes } from './Disputes';

/** The operator console: the report queue (least time left first) with its snapshot, the actions, the audit log. */
export function AdminConsole() {
  const { t } = useTranslation();
  const { status, setStatus, reports, pending, ask, close } = useAdminConsole();

  return (
    <div className="admin">
      <div className="admin-filter" role="group" aria-label={t('moderation.admin.filter')}>
        {REPORT_STATUSES.map((s) => (
          <button key={s} type="button" className="admin-filter-chip" aria-pressed={status === s} onClick={() => setStatus(s)}>
            {t(`moderation.admin.status.${s}`)}
          </button>
        ))}
      </div>
      {reports.isPending ? (
        <Loading className="admin-list">
          {Array.from({ length: 3 }, (_, i) => (
            <span key={i} className="skeleton admin-card-skeleton" aria-hidden="true" />
          ))}
        </Loading>
      ) : reports.isError ? (
        <EmptyState
          art="error"
          title={t('moderation.admin.loadFailed')}
          body={errorMessage(reports.error, t)}
          action={
            <Button onClick={() => void reports.refetch()} disabled={reports.isRefetching}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : reports.data.results.length === 0 ? (
        <EmptyState title={t(`moderation.admin.empty.${status}`)} body={t('moderation.admin.emptyBody')} />
      ) : (
        <ol className="admin-list">
          {reports.data.results.map((report) => (
            <ReportCard key={report.uid} report={report} onAction={ask} />
          ))}
        </ol>
      )}
      <Disputes />
      <AuditLog />
      <ActionDialog pending={pending} onClose={close} />
    </div>
  );
}
