import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../draft';
import { CardError, MAX_CARDS, type Card } from './card';
import { fillFromCards, type CardFill, type Cut } from './fill';

/** The reader (PNG chunks, zod) loads only when someone picks a file. */
const loadReader = () => import('./parse');

export const CHARACTER_KEY = { A: 'create.characterA', B: 'create.characterB' } as const;

export type CardNote = { text: string; cut: boolean };

/**
 * Reading the picked card files: at most MAX_CARDS, each read in the browser (a later pick wins over
 * a slower earlier one), the form filled through `onFill`, and the notes and errors to show in the
 * user's language.
 */
export function useCardImport({ names, onFill }: { names: { nameA: string; nameB: string }; onFill: (fill: CardFill) => string[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<CardNote[]>([]);
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

  return { busy, notes, errors, onChange };
}
