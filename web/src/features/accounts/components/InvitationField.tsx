import { Gift } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../accounts.css';

/**
 * The optional invitation code on the login form: used only when this login
 * creates the account (6+8 Butter). Folded away unless a link prefilled it.
 */
export function InvitationField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [openAtFirst] = useState(value !== '');
  return (
    <details className="invite-field" open={openAtFirst || undefined}>
      <summary>
        <Gift aria-hidden="true" size={16} />
        {t('wallet.haveInvite')}
      </summary>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          {t('wallet.inviteField')}
        </label>
        <input
          id={inputId}
          className="input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder={t('wallet.invitePlaceholder')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={hintId}
        />
        <p id={hintId} className="invite-hint">
          {t('wallet.inviteFieldHint')}
        </p>
      </div>
    </details>
  );
}
