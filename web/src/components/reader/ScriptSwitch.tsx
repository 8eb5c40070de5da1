import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ScriptConversion } from './useScriptConversion';

/** "Read in 繁體" / "Show the 简体 original": one tap, remembered; shown only where a conversion applies. */
export function ScriptSwitch({ conversion }: { conversion: ScriptConversion }) {
  const { t } = useTranslation();
  if (!conversion.direction) return null;
  const label = conversion.on ? t(`reader.script.original.${conversion.direction}`) : t(`reader.script.convert.${conversion.direction}`);
  return (
    <button type="button" className="btn btn--ghost script-switch" aria-pressed={conversion.on} aria-busy={conversion.loading || undefined} onClick={conversion.toggle}>
      <Languages aria-hidden="true" size={18} />
      {label}
    </button>
  );
}
