import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { useAdminAction } from '../api';
import type { PendingAction } from './useAdminConsole';

/**
 * The action dialog's form: every action asks why (the audit log keeps it); a suspension also asks
 * for how many days (1 to 3650). Sends once, toasts and closes on success.
 */
export function useActionForm(pending: PendingAction | null, onClose: () => void) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
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

  return {
    reason,
    setReason,
    days,
    setDays,
    daysOk,
    canSubmit: Boolean(trimmed) && daysOk && !action.isPending,
    sending: action.isPending,
    error: action.error,
    reset: action.reset,
    onSubmit,
  };
}
