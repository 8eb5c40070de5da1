import type { StoryRequest } from '../../server/src/generation/types';
import { buildMessages, buildPrompt } from '../../server/src/generation/prompts/build';
import { estimateTokens } from '../../server/src/generation/prompts/tokens';
import { overusedRate } from '../../server/src/generation/prompts/overused';
import { composeChapter } from '../../server/src/generation/offline/writer';
import type { Figure } from './lists';
import { medianMs } from './timing';

/**
 * Issue 29: building a continuation's prompt for a 200-chapter story (900 Chinese characters a
 * chapter, with a story memory, pinned facts and a note) fitted to 8,192 tokens, beside the
 * 12,000-character cut alone (what the engine did before, the baseline), timed in the same run.
 * Median of 31 runs after 5 warm-ups. The memory job costs one model call per chapter, by design.
 */
export function runPrompts(print: (name: string, figure: Figure) => void): void {
  const chapter = (n: number) =>
    Array.from({ length: 6 }, (_, p) =>
      `第${n}章第${p}段。林在港口等他，风很大，灯还亮着。“你还记得那封信吗？”她问。他没有回答，只是看着海。`.repeat(2),
    ).join('\n\n');
  const story: StoryRequest = {
    params: {
      char_a_name: '林',
      char_a_setting: '灯塔看守人，三十四岁。',
      char_b_name: '周',
      char_b_setting: '绘制海图的人，三十一岁。',
      plot: '暴风雨把他困在她的岛上。',
    },
    perspective: 0,
    dialogueHeavy: false,
    spicy: false,
    language: 'zh-CN',
    chapterIndex: 200,
    storySoFar: Array.from({ length: 200 }, (_, i) => chapter(i + 1)).join('\n\n'),
    resumeFrom: '',
    targetChars: 900,
    memory: '林和周在暴风雨中的灯塔相遇。'.repeat(20),
    pinnedFacts: ['林对猫过敏', '他们在2019年的灯节上认识'],
    authorNote: '下一章：两人终于谈起那封信。',
  };
  let tokens = 0;
  const fitted = medianMs(
    () => {
      const prompt = buildPrompt(story, { contextTokens: 8192 });
      tokens = prompt.messages.reduce((sum, m) => sum + estimateTokens(m.content), 0) + prompt.maxTokens;
    },
    { warmups: 5, runs: 31 },
  );
  const baseline = medianMs(() => buildMessages(story), { warmups: 5, runs: 31 });
  print('prompt_200_chapters', {
    build_ms: fitted.toFixed(2),
    prompt_and_chapter_tokens: tokens,
    context_tokens: 8192,
    baseline_char_cut_ms: baseline.toFixed(2),
    memory_calls_per_chapter: 1,
  });
}

/** Issue 30: overused phrases per 1,000 characters in twelve offline-writer chapters per language (the fake model's seeded text). */
export function runOverused(print: (name: string, figure: Figure) => void): void {
  for (const language of ['en', 'zh-CN', 'ja', 'ko'] as const) {
    const text = Array.from({ length: 12 }, (_, i) =>
      composeChapter({
        params: {
          char_a_name: 'Ines',
          char_a_setting: 'a lighthouse keeper',
          char_b_name: 'Tomas',
          char_b_setting: 'a cartographer',
          plot: 'A storm.',
        },
        perspective: 0,
        dialogueHeavy: i % 2 === 1,
        spicy: false,
        language,
        chapterIndex: i,
        storySoFar: '',
        resumeFrom: '',
        version: 1 + (i % 3),
        targetChars: 900,
      }),
    ).join('\n\n');
    print(`overused_per_1000_${language}`, { rate: overusedRate(text, language).toFixed(2), chars: Array.from(text).length });
  }
}
