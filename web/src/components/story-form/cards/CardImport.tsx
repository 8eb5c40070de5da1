import { CircleAlert, FileUp, Scissors } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../draft';
import { CardError, MAX_CARDS, type Card } from './card';
import { fillFromCards, type CardFill, type Cut } from './fill';
import './cards.css';

/** The reader (PNG chunks, zod) loads only when someone picks a file. */
const loadReader = () => import('./parse');

const CHARACTER_KEY = { A: 'create.characterA', B: 'create.characterB' } as const;

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
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<{ text: string; cut: boolean }[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const reading = useRef(0);

  const cutNote = (cut: Cut) => {
    const counts = { from: cut.from.toLocaleString(), to: cut.to.toLocaleString() };
    if (cut.field === 'plot') return t('cards.cutPlot', counts);
    const character = t(CHARACTER_KEY[cut.field.endsWith('A') ? 'A' : 'B']);
    return t(cut.field.startsWith('name') ? 'cards.cutName' : 'cards.cutSetting', { ...counts, character });
  };

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    // The same file may be chosen again after an edit.
    input.value = '';
    if (files.length === 0) return;
    if (files.length > MAX_CARDS) {
      setNotes([]);
      setErrors([t('cards.tooMany')]);
      return;
    }
    const run = ++reading.current;
    setBusy(true);
    const read: { card: Card; file: string }[] = [];
    const failed: string[] = [];
    try {
      const { readCardFile } = await loadReader();
      for (const file of files) {
        try {
          read.push({ card: await readCardFile(file), file: file.name });
        } catch (error) {
          const code = error instanceof CardError ? error.code : 'unknown';
          failed.push(t(`cards.errors.${code}`, { file: file.name }));
        }
      }
    } catch {
      // The reader's chunk did not load (offline, a new deploy).
      failed.push(t('errors.network'));
    }
    if (run !== reading.current) return;
    setBusy(false);
    setErrors(failed);
    if (read.length === 0) {
      setNotes([]);
      return;
    }
    const fill = fillFromCards(
      read.map((r) => r.card),
      names,
      t('cards.someone'),
      LIMITS,
    );
    const filled = fill.characters.map((c, i) =>
      t('cards.filled', { character: t(CHARACTER_KEY[c.slot]), name: c.name, file: read[i]!.file }),
    );
    const own = onFill(fill);
    setNotes([
      ...filled.map((text) => ({ text, cut: false })),
      ...own.map((text) => ({ text, cut: false })),
      ...fill.cuts.map((cut) => ({ text: cutNote(cut), cut: true })),
      { text: t('cards.review'), cut: false },
    ]);
  };

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
