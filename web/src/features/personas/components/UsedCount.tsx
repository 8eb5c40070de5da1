import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../format';

/** How many stories were started from a persona: an icon and the number, named for screen readers. */
export function UsedCount({ count, className = '' }: { count: number; className?: string }) {
  const { t, i18n } = useTranslation();
  const label = t('persona.usedCount');
  return (
    <span className={`used-count ${className}`.trim()} title={label}>
      <Sparkles aria-hidden="true" size={14} />
      <span className="sr-only">{label}: </span>
      <span className="tabular">{formatCount(count, i18n.language)}</span>
    </span>
  );
}
