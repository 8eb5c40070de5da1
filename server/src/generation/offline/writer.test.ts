import { LANGUAGES, wordCount, type Language } from '@butterfic/contract';
import { describe, expect, it } from 'vitest';
import type { StoryRequest } from '../types';
import { composeChapter, offlineProvider } from './writer';

const base = (language: Language, over: Partial<StoryRequest> = {}): StoryRequest => ({
  params: {
    char_a_name: 'Ines',
    char_a_setting: 'A lighthouse keeper, 34.',
    char_b_name: 'Tomas',
    char_b_setting: 'A cartographer, 31.',
    plot: 'A storm strands him on her island.',
  },
  perspective: 0,
  dialogueHeavy: false,
  spicy: false,
  language,
  chapterIndex: 0,
  storySoFar: '',
  resumeFrom: '',
  targetChars: 1500,
  ...over,
});

describe('the offline writer', () => {
  it.each(LANGUAGES)('writes a coherent multi-paragraph story in %s that uses the inputs', (language) => {
    const story = composeChapter(base(language));
    const paragraphs = story.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(7);
    expect(story).toContain('Ines');
    expect(story).toContain('Tomas');
    expect(story).toContain('A storm strands him on her island.');
    expect(story).toContain('A lighthouse keeper, 34.');
    expect(story).not.toMatch(/\{[A-Za-z]+\}|\[[^\]]*\|[^\]]*\]/);
    expect(wordCount(story)).toBeGreaterThan(language === 'en' ? 200 : 300);
  });

  it('closes settings and plots that lack a final full stop', () => {
    const story = composeChapter(
      base('zh-CN', { params: { ...base('zh-CN').params, char_a_setting: '二十八岁的咖啡师', plot: '台风夜，两人被困在咖啡馆里' } }),
    );
    expect(story).toContain('二十八岁的咖啡师。');
    expect(story).toContain('台风夜，两人被困在咖啡馆里。');
  });

  it('gives different stories for different inputs and the same story for the same inputs', () => {
    const a = composeChapter(base('en'));
    expect(composeChapter(base('en'))).toBe(a);
    expect(composeChapter(base('en', { params: { ...base('en').params, char_a_name: 'Mara' } }))).not.toBe(a.replaceAll('Ines', 'Mara'));
    expect(composeChapter(base('en', { dialogueHeavy: true }))).not.toBe(a);
    expect(composeChapter(base('en', { chapterIndex: 1 }))).not.toBe(a);
    const second = composeChapter(base('en', { perspective: 2 }));
    expect(second).toMatch(/\byou\b/i);
    const first = composeChapter(base('ko', { perspective: 1 }));
    expect(first).toMatch(/나/);
  });

  it('gives a rewritten chapter (version 2, 3 …) and a chapter after another earlier chapter their own take', () => {
    const first = composeChapter(base('en', { chapterIndex: 1, storySoFar: 'Once.' }));
    expect(composeChapter(base('en', { chapterIndex: 1, storySoFar: 'Once.', version: 1 }))).toBe(first);
    const second = composeChapter(base('en', { chapterIndex: 1, storySoFar: 'Once.', version: 2 }));
    expect(second).not.toBe(first);
    expect(composeChapter(base('en', { chapterIndex: 1, storySoFar: 'Once.', version: 2 }))).toBe(second);
    expect(composeChapter(base('en', { chapterIndex: 1, storySoFar: 'Twice.' }))).not.toBe(first);
    expect(composeChapter(base('ja', { version: 2 }))).not.toBe(composeChapter(base('ja')));
  });

  it('streams the chapter in pieces, resumes after saved text and stops on abort', async () => {
    const provider = offlineProvider({ charsPerSecond: 100_000 });
    const story = base('ja');
    const full = composeChapter(story);
    let streamed = '';
    for await (const piece of provider.stream({ story, messages: [], maxTokens: 0, signal: new AbortController().signal }))
      streamed += piece;
    expect(streamed).toBe(full);

    const saved = Array.from(full).slice(0, 50).join('');
    let rest = '';
    for await (const piece of provider.stream({
      story: { ...story, resumeFrom: saved },
      messages: [],
      maxTokens: 0,
      signal: new AbortController().signal,
    }))
      rest += piece;
    expect(saved + rest).toBe(full);

    const controller = new AbortController();
    let pieces = 0;
    for await (const _ of offlineProvider({ charsPerSecond: 200 }).stream({
      story,
      messages: [],
      maxTokens: 0,
      signal: controller.signal,
    })) {
      if (++pieces === 2) controller.abort();
    }
    expect(pieces).toBe(2);
  });

  it('writes Chinese, Japanese and Korean at half the configured characters per second, English at all of it', async () => {
    // 200 characters a second in 50 ms ticks: pieces of 10 characters in English, 5 in the CJK languages.
    const provider = offlineProvider({ charsPerSecond: 200 });
    for (const [language, size] of [
      ['en', 10],
      ['ja', 5],
      ['zh-CN', 5],
      ['zh-TW', 5],
      ['ko', 5],
    ] as const) {
      const controller = new AbortController();
      const pieces: string[] = [];
      for await (const piece of provider.stream({ story: base(language), messages: [], maxTokens: 0, signal: controller.signal })) {
        pieces.push(piece);
        if (pieces.length === 3) controller.abort();
      }
      expect(pieces.map((piece) => Array.from(piece).length)).toEqual([size, size, size]);
    }
  });
});
