import type { Language } from '@butterfic/contract';
import { en } from './lexicon/en';
import { ja } from './lexicon/ja';
import { ko } from './lexicon/ko';
import type { Lexicon } from './lexicon/types';
import { zhCN } from './lexicon/zh-CN';
import { zhTW } from './lexicon/zh-TW';
import { normalize } from './normalize';

export type Rating = 'general' | 'adult';
/** Why a text was refused: a minor in it (in any story meant to be sexual), or sexual content in a general story. */
export type RefusalReason = 'minor' | 'sexual';
export type Verdict = { allowed: true } | { allowed: false; reason: RefusalReason; match: string };

type Compiled = {
  language: Language;
  ages: RegExp[];
  numbers: [string, number | 'ten'][];
  minor: RegExp[];
  minorOwn: RegExp[];
  sexual: RegExp[];
  allow: RegExp[];
};

const compile = (sources: string[]) => sources.map((source) => new RegExp(source, 'gimu'));

const LEXICONS: Compiled[] = [en, zhCN, zhTW, ja, ko].map((lexicon: Lexicon) => ({
  language: lexicon.language,
  ages: compile(lexicon.ages),
  // Longest first, so 열다섯 is read before 열 and 다섯.
  numbers: Object.entries(lexicon.numbers).sort((a, b) => b[0].length - a[0].length),
  minor: compile(lexicon.minor),
  minorOwn: compile(lexicon.minorOwnLanguage ?? []),
  sexual: compile(lexicon.sexual),
  allow: compile(lexicon.allow),
}));

/** The value of a number written in digits or in the words of one language ("fifteen", "二十五", "열다섯", "十七"); NaN when unreadable. */
export function readNumber(token: string, numbers: [string, number | 'ten'][]): number {
  const compact = token.replace(/[\s-]+/gu, '');
  if (/^\d+$/u.test(compact)) return Number(compact);
  let total = 0;
  let pending = 0;
  let rest = compact;
  while (rest) {
    const hit = numbers.find(([word]) => rest.startsWith(word));
    if (!hit) return Number.NaN;
    const [word, value] = hit;
    if (value === 'ten') {
      total += (pending || 1) * 10;
      pending = 0;
    } else pending += value;
    rest = rest.slice(word.length);
  }
  return total + pending;
}

/** Blanks the allowed phrases out. Every lexicon reads every text (a setting may be written in another language than the story), except the words one language lends a different meaning. */
function blank(text: string, patterns: RegExp[]): string {
  return patterns.reduce((out, pattern) => out.replace(pattern, (m) => ' '.repeat(m.length)), text);
}

function findMinor(text: string, language: Language): string | null {
  for (const lexicon of LEXICONS) {
    for (const pattern of lexicon.ages) {
      for (const match of text.matchAll(pattern)) {
        const n = match.groups?.n;
        if (n === undefined) continue;
        const age = readNumber(n, lexicon.numbers);
        if (Number.isFinite(age) && age < 18) return match[0];
      }
    }
    const words = lexicon.language === language ? [...lexicon.minor, ...lexicon.minorOwn] : lexicon.minor;
    for (const pattern of words) {
      pattern.lastIndex = 0;
      const match = pattern.exec(text);
      if (match) return match[0];
    }
  }
  return null;
}

function findSexual(text: string): string | null {
  for (const lexicon of LEXICONS) {
    for (const pattern of lexicon.sexual) {
      pattern.lastIndex = 0;
      const match = pattern.exec(text);
      if (match) return match[0];
    }
  }
  return null;
}

const ALL_ALLOW = LEXICONS.flatMap((lexicon) => lexicon.allow);

/**
 * The local safety check. In an adult story any minor is refused; in a
 * general story sexual content is refused, and sexual content with a minor
 * is refused as `minor`.
 */
export function check(text: string, options: { language: Language; rating: Rating }): Verdict {
  const clean = blank(normalize(text), ALL_ALLOW);
  const minor = findMinor(clean, options.language);
  if (options.rating === 'adult') return minor ? { allowed: false, reason: 'minor', match: minor.trim() } : { allowed: true };
  const sexual = findSexual(clean);
  if (!sexual) return { allowed: true };
  return minor ? { allowed: false, reason: 'minor', match: minor.trim() } : { allowed: false, reason: 'sexual', match: sexual.trim() };
}
