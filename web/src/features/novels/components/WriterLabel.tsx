import { Cpu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Novel } from '../api/types';

/** Stories by the built-in offline writer say so, so nobody mistakes them for a model's. */
export function WriterLabel({ writtenBy, long = false }: { writtenBy: Novel['written_by']; long?: boolean }) {
  const { t } = useTranslation();
  if (writtenBy !== 'offline') return null;
  return (
    <span className="writer-label">
      <Cpu aria-hidden="true" size={14} />
      {long ? t('reader.offlineWriter') : t('works.offlineWriter')}
    </span>
  );
}
