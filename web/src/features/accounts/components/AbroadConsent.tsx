import type { Language } from '@butterfic/contract';
import { useId } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * Mainland China's 个人信息保护法 art. 39 asks a separate consent (单独同意) before personal information goes
 * abroad: a second checkbox, not folded into the agreement's, shown to Simplified Chinese readers.
 */
export const needsAbroadConsent = (language: Language) => language === 'zh-CN';

export function AbroadConsent({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="checkbox-row">
      <input id={id} type="checkbox" className="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>
        <Trans i18nKey="markets.abroadConsent" components={{ terms: <Link to={`${paths.agreement}#privacy`} className="text-link" /> }} />
      </label>
    </div>
  );
}
