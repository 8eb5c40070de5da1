import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from './ui/Button';
import { Dialog } from './ui/Dialog';
import { paths } from '../lib/paths';

/** The 305001 dialog (SPEC.md section 8): Cancel, or Recharge to /recharge. */
export function InsufficientButterDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('wallet.insufficientTitle')}
      description={t('wallet.insufficientBody')}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              void navigate(paths.recharge);
            }}
          >
            {t('wallet.recharge')}
          </Button>
        </>
      }
    />
  );
}
