import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRedeemCode } from '../api/codes';
import { CodeForm } from './CodeForm';
import '../wallet.css';

/** /redeem: a code from the operator adds Butter once per account. */
export function RedeemPanel() {
  const { t } = useTranslation();
  const redeem = useRedeemCode();
  return (
    <section className="code-panel">
      <span className="code-panel-icon" aria-hidden="true">
        <Ticket size={28} />
      </span>
      <p className="code-panel-lead">{t('wallet.redeemLead')}</p>
      <CodeForm
        label={t('wallet.redeemLabel')}
        placeholder={t('wallet.redeemPlaceholder')}
        submit={t('wallet.redeemSubmit')}
        mutation={redeem}
      />
    </section>
  );
}
