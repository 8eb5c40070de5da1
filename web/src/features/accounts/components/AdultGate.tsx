import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useConfirmAdult } from '../../../lib/account/confirm-adult';
import { session } from '../../../lib/session';
import { FormMessage } from '../../../components/ui/FormMessage';

/**
 * Adult content the account may not see yet (403001): explains the 18+ rule
 * and, after a confirmation dialog, records the account's confirmation, then
 * calls `onConfirmed` (which reloads the content). A visitor who is not logged
 * in is offered the login instead.
 */
export function AdultGate({ onConfirmed }: { onConfirmed: () => unknown }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const confirm = useConfirmAdult();
  const loggedIn = session.isLoggedIn();

  const onConfirm = () => {
    if (confirm.isPending) return;
    confirm.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        void onConfirmed();
      },
    });
  };

  return (
    <section className="state adult-gate">
      <span className="adult-gate-icon" aria-hidden="true">
        <ShieldAlert size={36} />
      </span>
      <h2>{t('adultGate.title')}</h2>
      <p>{loggedIn ? t('adultGate.body') : t('adultGate.bodyLoggedOut')}</p>
      {loggedIn ? (
        <Button onClick={() => setOpen(true)}>{t('adultGate.action')}</Button>
      ) : (
        <Link className="btn btn--primary" to={paths.login}>
          {t('adultGate.login')}
        </Link>
      )}
      <Link className="btn btn--ghost" to={paths.explore}>
        {t('persona.backToExplore')}
      </Link>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) confirm.reset();
        }}
        title={t('adultGate.dialogTitle')}
        description={t('adultGate.dialogBody')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={onConfirm} disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
              {t('adultGate.dialogConfirm')}
            </Button>
          </>
        }
      >
        <div className="dialog-message">
          <FormMessage tone="error">{confirm.error ? errorMessage(confirm.error, t) : null}</FormMessage>
        </div>
      </Dialog>
    </section>
  );
}
