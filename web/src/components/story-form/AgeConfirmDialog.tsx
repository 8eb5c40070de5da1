import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FormMessage } from '../ui/FormMessage';
import { errorMessage } from '../../lib/errors';

/** Spicy asks once: the account confirms it is 18 or older (POST /user/confirm-adult/), or keeps General. */
export function AgeConfirmDialog({
  open,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={t('create.ageTitle')}
      description={t('create.ageBody')}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('create.ageCancel')}
          </Button>
          <Button onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
            {t('create.ageConfirm')}
          </Button>
        </>
      }
    >
      <div className="dialog-message">
        <FormMessage tone="error">{error ? errorMessage(error, t) : null}</FormMessage>
      </div>
    </Dialog>
  );
}
