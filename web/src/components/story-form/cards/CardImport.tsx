import { CircleAlert, FileUp, Scissors } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardFill } from './fill';
import { useCardImport } from './useCardImport';
import './cards.css';

/**
 * "Import character cards": one or two PNG/JSON card files, read in the browser.
 * The cards fill the form through `onFill`, which applies them and answers the
 * notes of its own (plot kept, 18+ suggested); this control lists what was
 * filled, what was cut and which files were refused, in the user's language.
 */
export function CardImport({
  names,
  onFill,
}: {
  /** The character names now in the form: where one card goes, and who {{user}} is. */
  names: { nameA: string; nameB: string };
  onFill: (fill: CardFill) => string[];
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const titleId = useId();
  const hintId = useId();
  const { busy, notes, errors, onChange } = useCardImport({ names, onFill });

  return (
    <section className="create-card card-import" aria-labelledby={titleId}>
      <div className="card-import-head">
        <h2 id={titleId} className="create-card-title">
          {t('cards.title')}
        </h2>
        <p id={hintId} className="card-import-hint">
          {t('cards.hint')}
        </p>
      </div>
      <div className="card-import-pick">
        <input
          id={inputId}
          type="file"
          className="card-import-input"
          accept=".png,.json,image/png,application/json"
          multiple
          aria-describedby={hintId}
          onChange={(event) => void onChange(event)}
        />
        <label htmlFor={inputId} className="btn btn--secondary card-import-button" aria-busy={busy || undefined}>
          {busy ? <span className="spinner spinner--small" aria-hidden="true" /> : <FileUp aria-hidden="true" size={18} />}
          {t('cards.choose')}
        </label>
      </div>
      <div role="alert" className="card-import-errors">
        {errors.length > 0 ? (
          <ul>
            {errors.map((message) => (
              <li key={message} className="field-error">
                <CircleAlert aria-hidden="true" size={16} />
                <span>{message}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div role="status" className="card-import-notes">
        {busy ? (
          <p className="card-import-reading">{t('cards.reading')}</p>
        ) : notes.length > 0 ? (
          <ul>
            {notes.map((note) => (
              <li key={note.text} className={note.cut ? 'card-import-cut' : undefined}>
                {note.cut ? <Scissors aria-hidden="true" size={15} /> : null}
                <span>{note.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
