import { CURRENCIES, type Currency } from '@butterfic/contract/client';
import { useTranslation } from 'react-i18next';

/** EUR, CNY (card, Alipay, WeChat Pay), JPY, KRW or TWD: a radio group, the reader's own currency chosen first. */
export function CurrencySwitch({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="currency-switch">
      <legend className="sr-only">{t('payments.currency')}</legend>
      {CURRENCIES.map((currency) => (
        <label key={currency} className="currency-option" data-checked={value === currency || undefined}>
          <input type="radio" name="currency" value={currency} checked={value === currency} onChange={() => onChange(currency)} />
          <span>{t(`payments.currencies.${currency}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
