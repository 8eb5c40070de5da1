import { GENERATE_COST } from '@butterfic/contract/client';
import { Cpu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { paths } from '../../../lib/paths';
import { ButterIcon } from './ButterIcon';

/** The submit button with its cost, the balance of a logged-in user, and which writer the server runs. */
export function GenerateBar({ busy, balance, offlineWriter }: { busy: boolean; balance: number | null; offlineWriter: boolean }) {
  const { t } = useTranslation();
  const low = balance !== null && balance < GENERATE_COST;
  return (
    <div className="generate-bar">
      <Button type="submit" block className="generate-button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? (
          <>
            <span className="spinner spinner--small" aria-hidden="true" />
            {t('create.sending')}
          </>
        ) : (
          <>
            <ButterIcon />
            {t('create.generate', { cost: GENERATE_COST })}
          </>
        )}
      </Button>
      {balance !== null ? (
        <p className="generate-meta">
          <span data-testid="create-balance">{t('create.balance', { count: balance })}</span>
          {low ? (
            <Link className="text-link" to={paths.recharge}>
              {t('create.getMore')}
            </Link>
          ) : null}
        </p>
      ) : null}
      {offlineWriter ? (
        <p className="writer-note">
          <Cpu aria-hidden="true" size={14} />
          <span>{t('create.offlineWriter')}</span>
        </p>
      ) : null}
    </div>
  );
}
