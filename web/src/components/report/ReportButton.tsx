import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/Toasts';
import { errorMessage } from '../../lib/errors';
import { FormMessage } from '../ui/FormMessage';
import { useReport, type ReportTarget } from './api';
import './report.css';

const REASON_MAX = 2000;

/** "Report" and its small dialog (reason, optional contact e-mail): open to visitors. */
export function ReportButton({ targetType, targetUid }: { targetType: ReportTarget; targetUid: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const reasonId = useId();
  const emailId = useId();
  const hintId = useId();
  const report = useReport();
  const trimmed = reason.trim();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || report.isPending) return;
    report.mutate(
      { target_type: targetType, target_uid: targetUid, reason: trimmed, ...(email.trim() && { contact_email: email.trim() }) },
      {
        onSuccess: () => {
          toast(t('moderation.report.sent'));
          setOpen(false);
          setReason('');
        },
      },
    );
  };

  return (
    <>
      <Button variant="ghost" className="report-button" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" size={16} />
        {t('moderation.report.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          report.reset();
          setOpen(next);
        }}
        title={t(`moderation.report.title.${targetType}`)}
        description={t('moderation.report.body')}
      >
        <form className="form dialog-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label className="field-label" htmlFor={reasonId}>
              {t('moderation.report.reason')}
            </label>
            <textarea
              id={reasonId}
              className="input report-reason"
              rows={4}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('moderation.report.reasonPlaceholder')}
              required
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={emailId}>
              {t('moderation.report.email')}
            </label>
            <input
              id={emailId}
              className="input"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-describedby={hintId}
            />
            <p id={hintId} className="field-hint">
              {t('moderation.report.emailHint')}
            </p>
          </div>
          <FormMessage tone="error">{report.error ? errorMessage(report.error, t) : null}</FormMessage>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!trimmed || report.isPending} aria-busy={report.isPending || undefined}>
              {t('moderation.report.send')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
