import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES, type Language } from '@butterfic/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { composeChapter } from '../../offline/writer';
import { buildMessages } from '../build';
import { avoidInstruction, loadOverusedPhrases, OVERUSED, overusedRate } from '.';

const story = (language: Language, chapterIndex = 0) => ({
  params: { char_a_name: 'Ines', char_a_setting: 'a lighthouse keeper, 34', char_b_name: 'Tomas', char_b_setting: 'a cartographer, 31', plot: 'A storm.' },
  perspective: 0 as const,
  dialogueHeavy: chapterIndex % 2 === 1,
  spicy: false,
  language,
  chapterIndex,
  storySoFar: '',
  resumeFrom: '',
  version: 1 + (chapterIndex % 3),
  targetChars: 900,
});

afterEach(() => loadOverusedPhrases(undefined));

describe('overused phrases (去AI味)', () => {
  it.each(LANGUAGES)('keeps at least 60 phrases for %s, in lower case, none twice', (language) => {
    const list = OVERUSED[language];
    expect(list.length).toBeGreaterThanOrEqual(60);
    expect(new Set(list).size).toBe(list.length);
    expect(list.every((p) => p === p.toLowerCase())).toBe(true);
  });

  it('names the most common ones in the system message, for every story', () => {
    const [system] = buildMessages(story('ja'));
    expect(system!.content).toContain(avoidInstruction('ja'));
    expect(system!.content).toContain('"のだった"');
    expect(avoidInstruction('zh-TW')).toContain('"彷彿"');
    expect(avoidInstruction('zh-TW')).not.toContain('"仿佛"');
  });

  it('counts them per 1,000 characters, an overlap once', () => {
    expect(overusedRate('Her breath caught. It was a testament to the storm.', 'en')).toBeCloseTo((2 * 1000) / 51, 5);
    // 嘴角勾起一抹 holds 勾起一抹: one tic, counted once.
    expect(overusedRate('她嘴角勾起一抹笑。', 'zh-CN')).toBeCloseTo(1000 / 9, 5);
    expect(overusedRate('林在港口等他。', 'zh-CN')).toBe(0);
  });

  it.each(LANGUAGES)('finds almost none in the offline writer’s %s chapters', (language) => {
    const text = Array.from({ length: 12 }, (_, i) => composeChapter(story(language, i))).join('\n\n');
    expect(overusedRate(text, language)).toBeLessThan(0.5);
  });

  it('takes the operator’s lists from OVERUSED_PHRASES_FILE, and refuses a bad file with one clear line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overused-'));
    const file = path.join(dir, 'phrases.json');
    fs.writeFileSync(file, JSON.stringify({ en: ['Quietly Devastating', 'the harbour'] }));
    loadOverusedPhrases(file);
    expect(avoidInstruction('en')).toContain('"quietly devastating"');
    expect(overusedRate('The harbour. The harbour.', 'en')).toBeGreaterThan(0);
    expect(avoidInstruction('ja')).toContain('口元に笑みを浮かべ');
    fs.writeFileSync(file, '{"en": "not a list"}');
    expect(() => loadOverusedPhrases(file)).toThrow(/OVERUSED_PHRASES_FILE/);
  });
});
