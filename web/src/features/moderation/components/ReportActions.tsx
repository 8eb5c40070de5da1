import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import type { AdminReport } from '../api';
import type { AskAction } from '../hooks/useAdminConsole';

/** What may be done about a report: to its content (take down, restore), to the report (dismiss), to its author. */
export function ReportActions({ report, ask }: { report: AdminReport; ask: AskAction }) {
  const { t } = useTranslation();
  const target = { target_type: report.target_type, target_uid: report.target_uid };
  return (
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
  );
}

function UserActions({ report, ask }: { report: AdminReport; ask: AskAction }) {
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
