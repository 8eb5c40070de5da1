import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '@butterfic/contract';
import { describe, expect, it } from 'vitest';
import { check, PARTIAL_HOLD } from './detect';
import { normalize, readings } from './normalize';

type Cases = {
  refuseInAdult: string[];
  allowInAdult: string[];
  refuseInGeneral: string[];
  allowInGeneral: string[];
  minorInGeneral: string[];
};

/** Languages the app is not written in but a writer (and the model) may use in a setting or plot: age phrases only. */
const EXTRA = ['fr', 'es', 'de', 'pt', 'ru'] as const;

const load = (language: string): Cases => JSON.parse(readFileSync(new URL(`./cases/${language}.json`, import.meta.url), 'utf8')) as Cases;

describe('normalisation', () => {
  it('folds width and case, drops invisible and control characters, reads across line breaks', () => {
    expect(normalize('ＳＨＥ　ＩＳ　１５')).toBe('she is 15');
    expect(normalize('fif\u200Bteen\u2060 years\u0007 old')).toBe('fifteen years old');
    expect(normalize('a\n\n\tb c')).toBe('a b c');
    expect(check('Tomas\nshe is fifteen\nA storm.', { language: 'en', rating: 'adult' })).toMatchObject({ allowed: false });
    expect(normalize('ｶﾛﾘｰ')).toBe('カロリー');
  });

  it('folds look-alike letters to their Unicode prototype (Cyrillic, Greek, small capitals) and strips combining marks', () => {
    expect(normalize('sh\u0435 \u0456s')).toBe('she is');
    expect(normalize('\u03BFld')).toBe('old');
    expect(normalize('\uA731\u029C\u1D07')).toBe('she');
    expect(normalize('f\u00EDfteen s\u0336h\u0336e\u0336')).toBe('fifteen she');
    // Kana keep their voicing marks, Hangul its syllables.
    expect(normalize('\u304B\u3099 \u1100\u1161')).toBe('が 가');
  });

  it('reads every script\'s decimal digits and Roman numeral characters as numbers', () => {
    expect(normalize('\u0661\u0665 \u0967\u096B \u09E7\u09EB \u216B \u2169\u2164')).toBe('15 15 15 12 15');
  });

  it('removes every default-ignorable code point', () => {
    for (const invisible of ['\u00AD', '\u034F', '\u115F', '\u180E', '\u200B', '\u200D', '\u2060', '\u2064', '\u3164', '\uFE0F', '\uFEFF', '\u{E0041}'])
      expect(normalize(`1${invisible}5`)).toBe('15');
  });

  it('joins letters and digits written one by one', () => {
    expect(readings('she is f i f t e e n').joined).toBe('she is fifteen');
    expect(readings('a t.e.e.n').joined).toBe('a teen');
    expect(readings('she is 1 5').joined).toBe('she is 15');
    expect(readings('十 五 岁').joined).toBe('十五岁');
    expect(readings('she is 1.5 metres').joined).toBeNull();
  });
});

describe('the check', () => {
  const adult = (text: string, language: Language = 'en') => check(text, { language, rating: 'adult' });

  it('judges an exception only against the match inside it: an allowed phrase never hides a different match', () => {
    expect(adult('a minor detail')).toEqual({ allowed: true });
    expect(adult('a minor detail: she is 15')).toMatchObject({ allowed: false, match: 'she is 15' });
    expect(adult('反正太晚了', 'zh-CN')).toEqual({ allowed: true });
    expect(adult('反正太晚了，正太来了', 'zh-CN')).toMatchObject({ allowed: false, match: '正太' });
  });

  it('reads a Chinese word only outside Japanese sentences', () => {
    expect(adult('正太郎は三十歳の刑事', 'ja')).toEqual({ allowed: true });
    expect(adult('正太郎は三十歳の刑事。正太控', 'ja')).toMatchObject({ allowed: false });
  });

  it('reads Korean ages with the Korean threshold (under 19) and other ages with 18', () => {
    expect(adult('18살', 'ko')).toMatchObject({ allowed: false });
    expect(adult('열아홉 살', 'ko')).toEqual({ allowed: true });
    expect(adult('She is 18.', 'ko')).toEqual({ allowed: true });
    expect(adult('18歳の大学生', 'ko')).toEqual({ allowed: true });
  });

  it('tells a name from a common noun by its capital letter', () => {
    expect(adult('Mia is 15.')).toMatchObject({ allowed: false });
    expect(adult('The bill is 15.')).toEqual({ allowed: true });
  });

  it('judges only the new part of a text, and leaves a match at the end of a partial text for the next piece (pending: shown to no one yet)', () => {
    const before = 'She played a minor';
    expect(check(before, { language: 'en', rating: 'adult', newFrom: 0, partial: true })).toEqual({ allowed: true, pending: true });
    expect(check(before, { language: 'en', rating: 'adult', newFrom: 0 })).toMatchObject({ allowed: false, reason: 'minor' });
    expect(check('She played a minor role', { language: 'en', rating: 'adult', newFrom: 0, partial: true })).toEqual({ allowed: true });
    expect(check('The night was warm. She was 15 years old ', { language: 'en', rating: 'adult', partial: true })).toEqual({ allowed: true, pending: true });
    expect(check(`${before} role. She is 30.`, { language: 'en', rating: 'adult', newFrom: before.length - PARTIAL_HOLD })).toEqual({ allowed: true });
    const old = 'She is 15. '.padEnd(300, 'x');
    expect(check(`${old} and then`, { language: 'en', rating: 'adult', newFrom: old.length })).toEqual({ allowed: true });
    expect(check(`${old} and then she is 14.`, { language: 'en', rating: 'adult', newFrom: old.length })).toMatchObject({ allowed: false, match: 'she is 14' });
  });
});

describe.each(LANGUAGES)('the %s table', (language) => {
  const cases = load(language);

  it('has at least 100 phrases that must be refused and 100 that must pass in an adult story', () => {
    expect(cases.refuseInAdult.length).toBeGreaterThanOrEqual(100);
    expect(cases.allowInAdult.length).toBeGreaterThanOrEqual(100);
  });

  it.each(cases.refuseInAdult)('refuses a minor in an adult story: %s', (text) => {
    expect(check(text, { language, rating: 'adult' })).toMatchObject({ allowed: false, reason: 'minor' });
  });

  it.each(cases.allowInAdult)('allows in an adult story: %s', (text) => {
    expect(check(text, { language, rating: 'adult' })).toEqual({ allowed: true });
  });

  it.each(cases.refuseInGeneral)('refuses sexual content in a general story: %s', (text) => {
    expect(check(text, { language, rating: 'general' })).toMatchObject({ allowed: false, reason: 'sexual' });
  });

  it.each(cases.allowInGeneral)('allows in a general story: %s', (text) => {
    expect(check(text, { language, rating: 'general' })).toEqual({ allowed: true });
  });

  it.each(cases.minorInGeneral)('refuses sexual content with a minor as a minor, in a general story too: %s', (text) => {
    expect(check(text, { language, rating: 'general' })).toMatchObject({ allowed: false, reason: 'minor' });
  });

  it('lets a general story have children in it when nothing is sexual', () => {
    expect(check(cases.refuseInAdult[0]!, { language, rating: 'general' })).toEqual({ allowed: true });
  });
});

describe.each(EXTRA)('the %s table (read in a story of any language)', (extra) => {
  const cases = load(extra);

  it('has at least 20 phrases that must be refused and 20 that must pass in an adult story', () => {
    expect(cases.refuseInAdult.length).toBeGreaterThanOrEqual(20);
    expect(cases.allowInAdult.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases.refuseInAdult)('refuses a minor in an adult story: %s', (text) => {
    for (const language of ['en', 'ko'] as const) expect(check(text, { language, rating: 'adult' })).toMatchObject({ allowed: false, reason: 'minor' });
  });

  it.each(cases.allowInAdult)('allows in an adult story: %s', (text) => {
    for (const language of ['en', 'ko'] as const) expect(check(text, { language, rating: 'adult' })).toEqual({ allowed: true });
  });
});
