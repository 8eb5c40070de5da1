import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Loading } from '../../../components/ui/Loading';
import { toast } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/errors';
import { FormMessage } from '../../../components/ui/FormMessage';
import { useAdminAction, useAudit, useReports, type AdminAction, type AdminReport, type ReportStatus } from '../api';
import '../moderation.css';
import { Disputes } from './Disputes';

type Pending = { label: string; report: AdminReport; build: (reason: string, days: number) => AdminAction; days?: boolean };

const STATUSES: ReportStatus[] = ['open', 'actioned', 'dismissed'];

/** Hours left in the 24-hour window (negative when overdue). */
function hoursLeft(due: number): number {
  return Math.round((due - Date.now() / 1000) / 360) / 10;
}

/** The operator console: the report queue (least time left first) with its snapshot, the actions, the audit log. */
export function AdminConsole() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status, true);
  const [pending, setPending] = useState<Pending | null>(null);

  return (
    <div className="admin">
      <div className="admin-filter" role="group" aria-label={t('moderation.admin.filter')}>
        {STATUSES.map((s) => (
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
            <ReportCard key={report.uid} report={report} onAction={setPending} />
          ))}
        </ol>
      )}
      <Disputes />
      <AuditLog />
      <ActionDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}

function ReportCard({ report, onAction }: { report: AdminReport; onAction: (p: Pending) => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const left = hoursLeft(report.due_time);
  const snapshot = report.snapshot;
  const target = { target_type: report.target_type, target_uid: report.target_uid };
  const ask = (label: string, build: Pending['build'], days = false) => onAction({ label, report, build, days });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(report.created_time * 1000),
  );
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
      <dl className="admin-facts">
        <dt>{t('moderation.admin.reason')}</dt>
        <dd className="admin-reason">{report.reason}</dd>
        <dt>{t('moderation.admin.reported')}</dt>
        <dd>
          <time dateTime={new Date(report.created_time * 1000).toISOString()}>{when}</time>
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
      {snapshot ? (
        <details className="admin-snapshot">
          <summary>{t('moderation.admin.snapshot')}</summary>
          <p lang={snapshot.language}>{snapshot.text}</p>
        </details>
      ) : null}
      <div className="admin-actions">
        {report.target_status === 'active' ? (
          <Button
            variant="danger"
            onClick={() => ask(t('moderation.admin.takedown'), (reason) => ({ kind: 'content', action: 'takedown', ...target, reason }))}
          >
            {t('moderation.admin.takedown')}
          </Button>
        ) : null}
        {report.target_status === 'taken_down' ? (
          <Button
            variant="secondary"
            onClick={() => ask(t('moderation.admin.restore'), (reason) => ({ kind: 'content', action: 'restore', ...target, reason }))}
          >
            {t('moderation.admin.restore')}
          </Button>
        ) : null}
        {report.status === 'open' ? (
          <Button
            variant="secondary"
            onClick={() => ask(t('moderation.admin.dismiss'), (reason) => ({ kind: 'dismiss', report_uid: report.uid, reason }))}
          >
            {t('moderation.admin.dismiss')}
          </Button>
        ) : null}
        {report.author_uid ? <UserActions report={report} ask={ask} /> : null}
      </div>
    </li>
  );
}

function UserActions({ report, ask }: { report: AdminReport; ask: (label: string, build: Pending['build'], days?: boolean) => void }) {
  const { t } = useTranslation();
  const user_uid = report.author_uid ?? '';
  const blocked = report.author_status === 'suspended' || report.author_status === 'banned';
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => ask(t('moderation.admin.warn'), (reason) => ({ kind: 'user', action: 'warn', user_uid, reason }))}
      >
        {t('moderation.admin.warn')}
      </Button>
      <Button
        variant="ghost"
        onClick={() =>
          ask(t('moderation.admin.suspend'), (reason, days) => ({ kind: 'user', action: 'suspend', user_uid, days, reason }), true)
        }
      >
        {t('moderation.admin.suspend')}
      </Button>
      {report.author_status !== 'banned' ? (
        <Button
          variant="ghost"
          onClick={() => ask(t('moderation.admin.ban'), (reason) => ({ kind: 'user', action: 'ban', user_uid, reason }))}
        >
          {t('moderation.admin.ban')}
        </Button>
      ) : null}
      {blocked ? (
        <Button
          variant="ghost"
          onClick={() => ask(t('moderation.admin.unban'), (reason) => ({ kind: 'user', action: 'unban', user_uid, reason }))}
        >
          {t('moderation.admin.unban')}
        </Button>
      ) : null}
    </>
  );
}

/** Every action asks why (the audit log keeps it); a suspension also asks for how many days. */
function ActionDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const reasonId = useId();
  const daysId = useId();
  const action = useAdminAction();
  const trimmed = reason.trim();
  const dayCount = Number(days);
  const daysOk = !pending?.days || (Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 3650);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending || !trimmed || !daysOk || action.isPending) return;
    action.mutate(pending.build(trimmed, dayCount), {
      onSuccess: () => {
        toast(t('moderation.admin.done'));
        setReason('');
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(next) => {
        action.reset();
        if (!next) onClose();
      }}
      title={pending?.label ?? ''}
      description={
        pending ? t('moderation.admin.confirmBody', { title: pending.report.snapshot?.title ?? pending.report.target_uid }) : undefined
      }
    >
      <form className="form dialog-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={reasonId}>
            {t('moderation.admin.why')}
          </label>
          <textarea
            id={reasonId}
            className="input report-reason"
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          />
        </div>
        {pending?.days ? (
          <div className="field">
            <label className="field-label" htmlFor={daysId}>
              {t('moderation.admin.days')}
            </label>
            <input
              id={daysId}
              className="input admin-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              aria-invalid={!daysOk || undefined}
            />
          </div>
        ) : null}
        <FormMessage tone="error">{action.error ? errorMessage(action.error, t) : null}</FormMessage>
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed || !daysOk || action.isPending} aria-busy={action.isPending || undefined}>
            {t('moderation.admin.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function AuditLog() {
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
