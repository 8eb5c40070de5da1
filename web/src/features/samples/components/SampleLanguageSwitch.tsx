import type { Language } from '@butterfic/contract';
import { LANGUAGE_NAMES, LANGUAGES } from '@butterfic/contract/client';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The sample's language: five radio chips, each name written in its own language. */
export function SampleLanguageSwitch({ value, onChange }: { value: Language; onChange: (lang: Language) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="sample-langs">
      <legend>
        <Languages aria-hidden="true" size={16} />
        <span>{t('samples.languageLabel')}</span>
      </legend>
      <div className="sample-langs-options">
        {LANGUAGES.map((lang) => (
          <label key={lang} className="sample-lang" data-checked={value === lang || undefined} lang={lang}>
            <input type="radio" name={name} value={lang} checked={value === lang} onChange={() => onChange(lang)} />
            <span>{LANGUAGE_NAMES[lang]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
