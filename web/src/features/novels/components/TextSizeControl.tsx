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
      <button type="button" className="text-size-button" onClick={shrink} disabled={!canShrink}>
        {/* The name holds the visible "A−" and says what it does. */}
        A−<span className="sr-only"> {t('reader.smaller')}</span>
      </button>
      <button
        type="button"
        className="text-size-button text-size-button--large"
        onClick={grow}
        disabled={!canGrow}
      >
        A+<span className="sr-only"> {t('reader.larger')}</span>
      </button>
    </div>
  );
}
