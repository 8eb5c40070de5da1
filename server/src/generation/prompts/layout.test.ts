import { describe, expect, it } from 'vitest';
import type { StoryRequest } from '../types';
import { layoutPrompt } from './layout';
import { estimateTokens } from './tokens';

const chapter = (n: number) => Array.from({ length: 6 }, (_, p) => `Chapter ${n}, paragraph ${p}. ${'The tide came in and went out again. '.repeat(8)}`).join('\n\n');

const story = (chapters: number, extra: Partial<StoryRequest> = {}): StoryRequest => ({
  params: { char_a_name: 'Ines', char_a_setting: 'keeper', char_b_name: 'Tomas', char_b_setting: 'cartographer', plot: 'A storm.' },
  perspective: 0,
  dialogueHeavy: false,
  spicy: false,
  language: 'en',
  chapterIndex: chapters,
  storySoFar: Array.from({ length: chapters }, (_, i) => chapter(i)).join('\n\n'),
  resumeFrom: '',
  targetChars: 1800,
  memory: `Memory after ${chapters} chapters.`,
  authorNote: 'next: the Reef',
  codex: [
    { uid: 'a', name: 'Harbour', aliases: [], text: 'HARBOUR-ENTRY', always: true },
    { uid: 'b', name: 'Reef', aliases: [], text: 'REEF-ENTRY', always: false },
  ],
  ...extra,
});

const storyStart = (text: string) => text.slice(text.indexOf('<story_so_far>'), text.indexOf('<story_so_far>') + 60);

describe('the prompt layout', () => {
  it('puts stable parts first and volatile ones last, every part counted, the whole prompt within the context', () => {
    const prompt = layoutPrompt(story(30), { contextTokens: 8192 });
    const labels = prompt.parts.map((p) => p.label);
    expect(labels.slice(0, 4)).toEqual(['instructions', 'settings', 'Harbour', 'story']);
    expect(labels.slice(-3)).toEqual(['Reef', 'note', 'ask']);
    expect(prompt.parts.map((p) => p.text).join('')).toBe(prompt.messages.map((m) => m.content).join(''));
    const total = prompt.parts.reduce((sum, p) => sum + p.tokens, 0);
    expect(total).toBeGreaterThanOrEqual(prompt.messages.reduce((sum, m) => sum + estimateTokens(m.content) + 8, 0));
    expect(total + prompt.maxTokens).toBeLessThanOrEqual(8192);
    expect(prompt.fired).toEqual(['a', 'b']);
  });

  it('cuts the story in large steps: its start stays put for several chapters, and its end is always the latest text', () => {
    const starts = Array.from({ length: 40 }, (_, n) => layoutPrompt(story(n + 1), { contextTokens: 8192 }).messages[1]!.content);
    for (const [n, text] of starts.entries()) expect(text).toContain(`Chapter ${n}, paragraph 5.`);
    const moved = starts.map((text, n) => n > 0 && storyStart(text) !== storyStart(starts[n - 1]!));
    const firstCut = moved.indexOf(true);
    expect(firstCut).toBeGreaterThan(5);
    // A cut a paragraph at a time moves the start with every chapter once the story outgrows the context; here
    // at most every other chapter, and never twice in a row.
    const moves = moved.filter(Boolean).length;
    expect(moves).toBeLessThanOrEqual((40 - firstCut) / 2);
    expect(moved.some((m, n) => m && moved[n + 1])).toBe(false);
  });

  it('reports the parts without a context size too (the offline writer), with the 12,000-character cut', () => {
    const prompt = layoutPrompt(story(40));
    const soFar = prompt.parts.find((p) => p.kind === 'story')!.text;
    expect(soFar.length).toBeLessThan(12_200);
    expect(soFar).toContain('Chapter 39, paragraph 5.');
    expect(prompt.parts.some((p) => p.kind === 'codex' && p.label === 'Harbour')).toBe(true);
  });
});
