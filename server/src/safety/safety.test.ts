import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '@butterfic/contract';
import { describe, expect, it } from 'vitest';
import { check } from './detect';
import { normalize } from './normalize';

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
  it('folds width and case, drops invisible and control characters, collapses white space', () => {
    expect(normalize('ＳＨＥ　ＩＳ　１５')).toBe('she is 15');
    expect(normalize('fif\u200Bteen\u2060 years\u0007 old')).toBe('fifteen years old');
    expect(normalize('a\n\n\tb c')).toBe('a\nb c');
    expect(check('Tomas\nshe is fifteen\nA storm.', { language: 'en', rating: 'adult' })).toMatchObject({ allowed: false });
    expect(normalize('ｶﾛﾘｰ')).toBe('カロリー');
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
