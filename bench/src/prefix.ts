import type { ChatMessage, StoryRequest } from '../../server/src/generation/types';
import { buildPrompt } from '../../server/src/generation/prompts/build';
import { layoutPrompt } from '../../server/src/generation/prompts/layout';
import { estimateTokens } from '../../server/src/generation/prompts/tokens';
import type { Figure } from './lists';

/**
 * Issue 49, a prompt whose start stays put: over a 40-chapter story whose text outgrows the context,
 * the share of each chapter's prompt (in estimated tokens, rendered as a chat template would) that
 * starts as the previous chapter's prompt did, which is what a model server's prompt cache can
 * reuse. The story changes as a real one does: a new chapter each time, the memory rewritten after
 * every chapter, the author's note changed every third chapter, codex entries named now and then.
 * Baseline: the layout before issue 49 (prompts/build.ts), measured in the same run.
 */
const CHAPTERS = 40;
const NAMES = ['Ines', 'Tomas', 'Marrow Key', 'Old Harbour', 'the Reef', 'Captain Aldous', 'the Lamp Room', 'Saint Brigid'];

function chapterText(n: number): string {
  const named = NAMES[n % NAMES.length]!;
  return Array.from(
    { length: 6 },
    (_, p) =>
      `Chapter ${n + 1}, part ${p + 1}. The wind came off the water in long cold breaths while ${p % 2 ? named : 'she'} walked the length of the quay, counting the boats that had not come back, and the lamp above turned its slow white arm across the dark. "We wait," ${p % 2 ? 'he' : 'she'} said at last, and nobody answered.`,
  ).join('\n\n');
}

export function storyAt(n: number): StoryRequest {
  const written = Array.from({ length: n }, (_, i) => chapterText(i));
  return {
    params: { char_a_name: 'Ines', char_a_setting: 'a lighthouse keeper of 34', char_b_name: 'Tomas', char_b_setting: 'a shipwrecked cartographer, 31', plot: 'A storm strands him on her island.' },
    perspective: 0,
    dialogueHeavy: false,
    spicy: false,
    language: 'en',
    chapterIndex: n,
    storySoFar: written.join('\n\n'),
    resumeFrom: '',
    targetChars: 1800,
    memory: `Summary after chapter ${n}: Ines and Tomas wait out the storm; ${NAMES[n % NAMES.length]} matters now. `.repeat(6),
    pinnedFacts: ['Ines is allergic to cats'],
    authorNote: `next: part ${Math.floor(n / 3)} of the search`,
    codex: NAMES.map((name, i) => ({ uid: String(i), name, aliases: [], text: `About ${name}: ${'a detail worth keeping. '.repeat(4)}`, always: i < 2 })),
    passages: written.slice(0, 3).map((text, i) => ({ chapterIndex: i, position: 0, text: text.slice(0, 380) })),
  };
}

/** The prompt as a chat template lays it out. */
const rendered = (messages: ChatMessage[]) => messages.map((m) => `<|${m.role}|>\n${m.content}\n`).join('');

export function keptShares(build: (story: StoryRequest) => ChatMessage[]): number[] {
  const shares: number[] = [];
  let previous = '';
  for (let n = 1; n <= CHAPTERS; n++) {
    const prompt = rendered(build(storyAt(n)));
    if (previous) {
      let same = 0;
      const end = Math.min(previous.length, prompt.length);
      while (same < end && previous.charCodeAt(same) === prompt.charCodeAt(same)) same++;
      shares.push(estimateTokens(prompt.slice(0, same)) / estimateTokens(prompt));
    }
    previous = prompt;
  }
  return shares;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

export function runPrefix(print: (name: string, figure: Figure) => void): void {
  for (const contextTokens of [8192, 16384]) {
    const laid = keptShares((story) => layoutPrompt(story, { contextTokens }).messages);
    const before = keptShares((story) => buildPrompt(story, { contextTokens }).messages);
    const storyTokens = estimateTokens(storyAt(CHAPTERS).storySoFar);
    print(contextTokens === 16384 ? 'prompt_prefix_kept' : `prompt_prefix_kept_${contextTokens / 1024}k`, {
      median: quantile(laid, 0.5).toFixed(3),
      p10: quantile(laid, 0.1).toFixed(3),
      baseline_median: quantile(before, 0.5).toFixed(3),
      baseline_p10: quantile(before, 0.1).toFixed(3),
      chapters: CHAPTERS,
      story_tokens: storyTokens,
      context_tokens: contextTokens,
    });
  }
}
