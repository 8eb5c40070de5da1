import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { FormMessage } from '../../../components/ui/FormMessage';
import { errorMessage } from '../../../lib/errors';
import { useActionForm } from '../hooks/useActionForm';
import type { PendingAction } from '../hooks/useAdminConsole';

/** Every action asks why (the audit log keeps it); a suspension also asks for how many days. */
export function ActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useActionForm(pending, onClose);
  const reasonId = useId();
  const daysId = useId();

  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(next) => {
        form.reset();
        if (!next) onClose();
      }}
      title={pending?.label ?? ''}
      description={
        pending ? t('moderation.admin.confirmBody', { title: pending.report.snapshot?.title ?? pending.report.target_uid }) : undefined
      }
    >
      <form className="form dialog-form" onSubmit={form.onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={reasonId}>
            {t('moderation.admin.why')}
          </label>
          <textarea
            id={reasonId}
            className="input report-reason"
            rows={3}
            maxLength={2000}
            value={form.reason}
            onChange={(e) => form.setReason(e.target.value)}
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
              value={form.days}
              onChange={(e) => form.setDays(e.target.value)}
              aria-invalid={!form.daysOk || undefined}
            />
          </div>
        ) : null}
        <FormMessage tone="error">{form.error ? errorMessage(form.error, t) : null}</FormMessage>
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!form.canSubmit} aria-busy={form.sending || undefined}>
            {t('moderation.admin.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
