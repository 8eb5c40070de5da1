import { useTranslation } from 'react-i18next';

/** A− / A+ for the reading text. */
export function TextSizeControl({
  canShrink,
  canGrow,
  shrink,
  grow,
}: {
  canShrink: boolean;
  canGrow: boolean;
  shrink: () => void;
  grow: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="text-size" role="group" aria-label={t('reader.textSize')}>
      <button type="button" className="text-size-button" onClick={shrink} disabled={!canShrink} aria-label={t('reader.smaller')}>
        <span aria-hidden="true">A−</span>
      </button>
      <button
        type="button"
        className="text-size-button text-size-button--large"
        onClick={grow}
        disabled={!canGrow}
        aria-label={t('reader.larger')}
      >
        <span aria-hidden="true">A+</span>
      </button>
    </div>
  );
}
