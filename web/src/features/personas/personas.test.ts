import { describe, expect, it } from 'vitest';
import { nextFeedCursor } from './api/list-personas';
import type { Persona, PersonaPage } from './api/types';
import { personaToDraft } from './draft';
import { favouriteTitle, pairName, splitTags, uniquePages } from './format';

const persona = (overrides: Partial<Persona> = {}): Persona => ({
  uid: 'p1',
  author_name: 'quill',
  char_a_name: 'Ines',
  char_a_setting: 'A lighthouse keeper.',
  char_b_name: 'Tomas',
  char_b_setting: 'A shipwrecked cartographer.',
  plot: 'A storm traps them together.',
  description: 'Two rivals, one lamp.',
  is_r18: 0,
  tags: 'slow burn, rivals',
  used_count: 3,
  first_person: 0,
  dialogue_heavy: 0,
  language: 'en',
  is_favorite: false,
  is_mine: false,
  created_time: 1_700_000_000,
  ...overrides,
});

const feedPage = (size: number, overrides: Partial<PersonaPage> = {}): PersonaPage => ({
  results: Array.from({ length: size }, (_, i) => persona({ uid: `p${i}` })),
  page: 1,
  page_size: 20,
  has_more: true,
  snapshot: 42,
  ...overrides,
});

describe('persona formatting', () => {
  it('splits tags on comma and space, dropping empty ones', () => {
    expect(splitTags('slow burn, rivals, found family')).toEqual(['slow burn', 'rivals', 'found family']);
    expect(splitTags('')).toEqual([]);
    expect(splitTags('solo')).toEqual(['solo']);
  });

  it('names the pair', () => {
    expect(pairName(persona())).toBe('Ines × Tomas');
  });

  it('titles a favourite with the first 32 characters of the description, never half a character', () => {
    expect(favouriteTitle('Short and sweet.')).toBe('Short and sweet.');
    expect(favouriteTitle('x'.repeat(32))).toBe('x'.repeat(32));
    const long = `${'a'.repeat(31)}🌊🌊 and more`;
    expect(favouriteTitle(long)).toBe(`${'a'.repeat(31)}🌊…`);
    expect(favouriteTitle('嵐の夜、灯台に閉じ込められた二人は夜明けまで秘密を打ち明け合う。それは長い夜だった。')).toBe(
      `${Array.from('嵐の夜、灯台に閉じ込められた二人は夜明けまで秘密を打ち明け合う。それは長い夜だった。').slice(0, 32).join('')}…`,
    );
  });

  it('shows a persona once even when pages overlap', () => {
    const pages = uniquePages([
      { results: [persona({ uid: 'a' }), persona({ uid: 'b' })] },
      { results: [persona({ uid: 'b' }), persona({ uid: 'c' })] },
    ]);
    expect(pages.map((page) => page.map((p) => p.uid))).toEqual([['a', 'b'], ['c']]);
  });
});

describe('the feed cursor', () => {
  it('asks for the next page with page 1’s snapshot while pages are full', () => {
    expect(nextFeedCursor(feedPage(20))).toEqual({ page: 2, snapshot: 42 });
    expect(nextFeedCursor(feedPage(20, { page: 3 }))).toEqual({ page: 4, snapshot: 42 });
  });

  it('stops at a short page or when the server has no more', () => {
    expect(nextFeedCursor(feedPage(19))).toBeUndefined();
    expect(nextFeedCursor(feedPage(20, { has_more: false }))).toBeUndefined();
  });
});

describe('the article draft from a persona', () => {
  it('maps the fields and the three settings (SPEC.md section 3)', () => {
    expect(personaToDraft(persona())).toEqual({
      characterA: 'Ines',
      settingA: 'A lighthouse keeper.',
      characterB: 'Tomas',
      settingB: 'A shipwrecked cartographer.',
      plot: 'A storm traps them together.',
      perspective: 'thirdPerson',
      isR18: 'notR18',
      writingStyle: 'description',
      selectedLanguageForGen: 'en',
      personaUid: 'p1',
    });
    expect(personaToDraft(persona({ first_person: 1, is_r18: 1, dialogue_heavy: 1, language: 'ja' }))).toMatchObject({
      perspective: 'firstPerson',
      isR18: 'R18',
      writingStyle: 'conversation',
      selectedLanguageForGen: 'ja',
    });
    expect(personaToDraft(persona({ first_person: 2 })).perspective).toBe('secondPerson');
  });
});
