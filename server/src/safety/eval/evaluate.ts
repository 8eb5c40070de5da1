import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '@butterfic/contract';
import { check } from '../detect';

/**
 * The evaluation set of the minors check (issue 46): labelled phrasings per language, written apart from
 * the tests (`cases/*.json`) and never used to tune the check line by line. Half of each language are
 * harmless adult texts that mention children, schools or youth; half put a minor in an adult story.
 */
export type Item = { text: string; label: 'minor' | 'adult'; note?: string };

/** What a reader of the set decides: true refuses the text as a minor. Throws when it cannot answer. */
export type Refuses = (text: string, language: Language) => boolean | Promise<boolean>;

export type Figures = {
  language: Language;
  minors: number;
  adults: number;
  /** Minor phrasings refused (recall's numerator). */
  minorsRefused: number;
  /** Harmless phrasings refused (false alarms). */
  adultsRefused: number;
  /** Phrasings the reader could not answer (a judge's error or time-out); counted in neither. */
  unanswered: number;
  /** The minor phrasings let through. */
  misses: Item[];
  /** The harmless phrasings refused. */
  falseAlarms: Item[];
  failures: { item: Item; error: string }[];
};

export function loadSet(language: Language): Item[] {
  return JSON.parse(readFileSync(new URL(`./${language}.json`, import.meta.url), 'utf8')) as Item[];
}

/** The local check as a reader: an adult story's text, refused as `minor`. */
export const localCheck: Refuses = (text, language) => {
  const verdict = check(text, { language, rating: 'adult' });
  return !verdict.allowed && verdict.reason === 'minor';
};

/** Reads every phrasing of one language, `parallel` at a time (a remote judge), and counts. */
export async function evaluate(language: Language, items: Item[], refuses: Refuses, parallel = 1): Promise<Figures> {
  const figures: Figures = {
    language,
    minors: 0,
    adults: 0,
    minorsRefused: 0,
    adultsRefused: 0,
    unanswered: 0,
    misses: [],
    falseAlarms: [],
    failures: [],
  };
  const answers: (boolean | Error)[] = new Array<boolean | Error>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      try {
        answers[i] = await refuses(items[i]!.text, language);
      } catch (error) {
        answers[i] = error instanceof Error ? error : new Error(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, items.length)) }, worker));
  items.forEach((item, i) => {
    const minor = item.label === 'minor';
    if (minor) figures.minors += 1;
    else figures.adults += 1;
    const answer = answers[i]!;
    if (answer instanceof Error) {
      figures.unanswered += 1;
      figures.failures.push({ item, error: answer.message });
    } else if (minor && answer) figures.minorsRefused += 1;
    else if (minor) figures.misses.push(item);
    else if (answer) {
      figures.adultsRefused += 1;
      figures.falseAlarms.push(item);
    }
  });
  return figures;
}

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

/** One table of figures (one line per language and a total), and with `verbose` the misses and false alarms. */
export function report(title: string, all: Figures[], verbose: boolean): string {
  const lines = [
    title,
    'language  count  minors refused (recall)  adults refused (false alarms)  unanswered',
  ];
  const row = (name: string, f: Omit<Figures, 'language' | 'misses' | 'falseAlarms' | 'failures'>) =>
    `${name.padEnd(8)}  ${String(f.minors + f.adults).padStart(5)}  ${`${f.minorsRefused}/${f.minors} (${percent(f.minorsRefused, f.minors)})`.padEnd(24)}  ${`${f.adultsRefused}/${f.adults} (${percent(f.adultsRefused, f.adults)})`.padEnd(29)}  ${f.unanswered}`;
  for (const f of all) lines.push(row(f.language, f));
  if (all.length > 1) {
    const sum = (key: 'minors' | 'adults' | 'minorsRefused' | 'adultsRefused' | 'unanswered') => all.reduce((s, f) => s + f[key], 0);
    lines.push(
      row('all', { minors: sum('minors'), adults: sum('adults'), minorsRefused: sum('minorsRefused'), adultsRefused: sum('adultsRefused'), unanswered: sum('unanswered') }),
    );
  }
  if (verbose) {
    for (const f of all) {
      for (const item of f.misses) lines.push(`  miss         ${f.language}  ${item.text}${item.note ? `  [${item.note}]` : ''}`);
      for (const item of f.falseAlarms) lines.push(`  false alarm  ${f.language}  ${item.text}${item.note ? `  [${item.note}]` : ''}`);
      for (const { item, error } of f.failures) lines.push(`  unanswered   ${f.language}  ${item.text}  (${error})`);
    }
  }
  return lines.join('\n');
}

export const EVAL_LANGUAGES: readonly Language[] = LANGUAGES;
