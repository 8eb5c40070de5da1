import { describe, expect, it } from 'vitest';
import { nextWorksPage } from './api/list-works';
import type { Chapter, Novel, NovelPage } from './api/types';
import { isInProgress, isLive, isRewriting, splitParagraphs, storyText, uniqueNovels, withLiveChapter } from './format';
import { copiedStory, sourcePath } from './hooks/useCopyStory';
import { reconnectDelay } from './stream/follow-stream';
import { readTextSizeStep, TEXT_SIZES } from './hooks/useTextSize';
import { createSseParser } from '@butterfic/contract/client';

const novel = (overrides: Partial<Novel> = {}): Novel => ({
  uid: 'n1',
  title: 'A storm-boun',
  tags: ['notR18', 'thirdPerson', 'conversation'],
  author_name: 'quill',
  author_uid: 'u1',
  generate_status: 'done',
  created_time: 1_700_000_000,
  updated_time: 1_700_000_100,
  word_count: 120,
  input_params: "{'char_a_name': 'Ines'}",
  is_r18: 0,
  first_person: 0,
  dialogue_heavy: 1,
  language: 'en',
  written_by: 'offline',
  chapter_count: 1,
  failure: null,
  ...overrides,
});

const chapter = (index: number, content: string): Chapter => ({ index, content, created_time: 1_700_000_000 + index, version: 1, versions: 1 });

describe('the SSE parser', () => {
  it('reads named events whose lines and events are split across chunks', () => {
    const parser = createSseParser();
    expect(parser.push('event: delta\nda')).toEqual([]);
    expect(parser.push('ta: {"chapter":0,"text":"Once"}\n')).toEqual([]);
    expect(parser.push('\nevent: done\r\ndata: {"generate_status":"done"}\r')).toEqual([
      { event: 'delta', data: '{"chapter":0,"text":"Once"}' },
    ]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'done', data: '{"generate_status":"done"}' }]);
  });

  it('skips keep-alive comments, joins data lines and names unnamed events "message"', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\n\ndata: one\ndata:two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

describe('the story text', () => {
  it('splits paragraphs on blank lines and keeps single line breaks inside one', () => {
    expect(splitParagraphs('First line\nstill first.\n\nSecond.\r\n\r\n\n  \nThird.\n\n')).toEqual([
      'First line\nstill first.',
      'Second.',
      'Third.',
    ]);
    expect(splitParagraphs('')).toEqual([]);
    expect(splitParagraphs('\u3000雨が降っていた。\n\n\u3000彼は笑った。')).toEqual(['\u3000雨が降っていた。', '\u3000彼は笑った。']);
  });

  it('puts the streamed text over the saved chapter, or after the saved ones when it is new', () => {
    const saved = [chapter(0, 'One.'), chapter(1, 'Tw')];
    expect(withLiveChapter(saved, null)).toBe(saved);
    expect(withLiveChapter(saved, { chapter: 1, text: 'Two, longer.' }).map((c) => c.content)).toEqual(['One.', 'Two, longer.']);
    expect(withLiveChapter(saved, { chapter: 2, text: '' }).map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('ends the story at a chapter being rewritten, and tells a rewrite from a continuation', () => {
    const saved = [chapter(0, 'One.'), chapter(1, 'Two.'), chapter(2, 'Three.')];
    expect(withLiveChapter(saved, { chapter: 1, text: 'Another two' }).map((c) => c.content)).toEqual(['One.', 'Another two']);
    expect(isRewriting(saved)).toBe(false);
    expect(isRewriting([chapter(0, 'One.'), { ...chapter(1, ''), version: 3, versions: 3 }])).toBe(true);
    expect(isRewriting([chapter(0, 'One.'), { ...chapter(1, 'Two.'), version: 1, versions: 3 }])).toBe(false);
  });

  it('copies the title, the chapters and the source line', () => {
    const text = copiedStory(
      'Title',
      [chapter(0, 'One.\n\nTwo.'), chapter(1, ' Three. ')],
      'Source: Butterfic (http://x/myworks/detail/n1)',
    );
    expect(text).toBe('Title\n\nOne.\n\nTwo.\n\nThree.\n\n— Source: Butterfic (http://x/myworks/detail/n1)');
    expect(storyText('', [chapter(0, 'Only.')])).toBe('Only.');
  });

  it('links the source line to a page anyone can open, never the author-only work reader', () => {
    const share = { post_uid: null, novel_public: false, persona_uid: null };
    expect(sourcePath('n1', { ...share, post_uid: 'p1', novel_public: true, persona_uid: 'a1' })).toBe('/explore/post/p1');
    expect(sourcePath('n1', { ...share, novel_public: true, persona_uid: 'a1' })).toBe('/article/detail/n1');
    expect(sourcePath('n1', { ...share, persona_uid: 'a1' })).toBe('/explore/persona/a1');
    expect(sourcePath('n1', share)).toBe('/');
    // A server that does not say (the field is optional): the home page, not a dead end.
    expect(sourcePath('n1', undefined)).toBe('/');
  });
});

describe('statuses and lists', () => {
  it('styles everything but done as in progress, and streams only while a job runs', () => {
    expect(['generating', 'continuing', 'done', 'failed'].map((s) => isInProgress(s as Novel['generate_status']))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(isLive('continuing')).toBe(true);
    expect(isLive('failed')).toBe(false);
  });

  it('stops paging when a page has fewer than 20, and shows each novel once', () => {
    const page = (size: number, has_more: boolean, n = 1): NovelPage => ({
      results: Array.from({ length: size }, (_, i) => novel({ uid: `n${i}` })),
      page: n,
      page_size: 20,
      has_more,
    });
    expect(nextWorksPage(page(20, true))).toBe(2);
    expect(nextWorksPage(page(19, true))).toBeUndefined();
    expect(nextWorksPage(page(20, false))).toBeUndefined();
    expect(uniqueNovels([page(3, true), page(2, false, 2)]).map((n) => n.uid)).toEqual(['n0', 'n1', 'n2']);
  });
});

describe('reading comfort and reconnecting', () => {
  it('reads the stored text size step, falling back to the default', () => {
    expect(readTextSizeStep('0')).toBe(0);
    expect(readTextSizeStep(String(TEXT_SIZES.length - 1))).toBe(TEXT_SIZES.length - 1);
    for (const bad of [null, '', '9', '-1', '1.5', 'large']) expect(readTextSizeStep(bad)).toBe(1);
  });

  it('waits longer after each failed connection, up to 15 s', () => {
    expect(reconnectDelay(0)).toBeGreaterThanOrEqual(1000);
    expect(reconnectDelay(0)).toBeLessThan(1250);
    expect(reconnectDelay(3)).toBeGreaterThanOrEqual(8000);
    expect(reconnectDelay(10)).toBeLessThan(15_250);
  });
});
