import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Taiwan's 消費者保護法 §19: digital content supplied online is outside the 7-day cooling-off only with the
 * buyer's consent given before paying. The payment form opens once this box is ticked.
 */
export function DeliveryConsent({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  return (
    <div className="delivery-consent">
      <div className="checkbox-row">
        <input
          id={id}
          type="checkbox"
          className="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={checked ? undefined : hintId}
        />
        <label htmlFor={id}>{t('markets.consent.label')}</label>
      </div>
      {checked ? null : (
        <p id={hintId} className="form-hint" role="status">
          {t('markets.consent.needed')}
        </p>
      )}
    </div>
  );
}
