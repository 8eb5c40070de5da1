import { describe, expect, it } from 'vitest';
import { findSample, SAMPLE_STORIES } from './stories';
import { readingMinutes, sampleDraft, sampleText } from './texts';

describe('the sample stories', () => {
  const dragon = findSample('you-and-the-dragon-keeper')!;

  it('fill the form in English with the SPEC.md presets unless the reader picked a language', () => {
    expect(sampleDraft(dragon, null)).toEqual({
      ...sampleText(dragon, 'en').draft,
      characterA: 'Corvin',
      characterB: 'You',
      perspective: 'secondPerson',
      isR18: 'R18',
      writingStyle: 'conversation',
      selectedLanguageForGen: 'en',
    });
    expect(SAMPLE_STORIES.map((story) => sampleDraft(story, null).perspective)).toEqual(['thirdPerson', 'thirdPerson', 'secondPerson']);
  });

  it('fill it in the picked language: its names, settings and plot, and that generation language', () => {
    expect(sampleDraft(dragon, 'ko')).toMatchObject({ characterA: '코르빈', characterB: '당신', selectedLanguageForGen: 'ko', perspective: 'secondPerson' });
    expect(sampleDraft(findSample('ines-and-tomas-lighthouse')!, 'ja')).toMatchObject({ characterA: 'イネス', selectedLanguageForGen: 'ja' });
  });

  it('give a reading time for every language, counting characters where words have no spaces', () => {
    for (const lang of ['en', 'zh-CN', 'zh-TW', 'ko', 'ja'] as const) {
      const minutes = readingMinutes(dragon, lang);
      expect(minutes, lang).toBeGreaterThanOrEqual(3);
      expect(minutes, lang).toBeLessThanOrEqual(8);
    }
  });
});
