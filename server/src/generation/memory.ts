import { type Language, type StoryParams } from '@butterfic/contract';
import { MEMORY_MAX } from '@butterfic/contract/client';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { chapters, novels } from '../db/schema';
import { storiesBefore } from '../modules/novels/versions';
import type { Safety } from '../safety';
import { fitHead, fitTail } from './prompts/build';
import { LANGUAGE_NOTES, memorySystem } from './prompts/languages';
import { estimateTokens } from './prompts/tokens';
import type { ChatMessage, LlmProvider } from './types';

/**
 * Story memory (docs/decisions/0033-story-memory.md): after a chapter is written, the same model is
 * asked, in the background and charged to nobody, for the memory of the story through that chapter
 * version: a short summary and the key facts, in the story's language — the whole prompt and its
 * facts heading are written in that language (prompts/languages/, issue 48). It is stored on the chapter
 * row, so each version carries the memory of its own path. A continuation carries the memory of the
 * chapter before it (the author's edit wins) with as much recent text as fits. A failed update is
 * logged and skipped: the next chapter uses the memory before it, or the recent text alone.
 */

/** The memory's answer: at most this many tokens, and at most a fifth of the context. */
export const memoryMaxTokens = (contextTokens: number) => Math.min(700, Math.floor(contextTokens * 0.2));

/**
 * The memory request's messages: the previous memory (its start, at most a quarter of what is left)
 * and the new chapter (its end) fitted so that the whole request and its answer fit the context.
 */
export function memoryMessages(input: {
  language: Language;
  params: StoryParams;
  previous: string;
  pinnedFacts: string[];
  chapter: string;
  contextTokens: number;
  count?: (text: string) => number;
}): ChatMessage[] {
  const count = input.count ?? estimateTokens;
  const settings = JSON.stringify({ character_a: input.params.char_a_name, character_b: input.params.char_b_name });
  const words = LANGUAGE_NOTES[input.language].memory;
  const pinned = input.pinnedFacts.length ? `\n\n${words.pinned}\n${JSON.stringify(input.pinnedFacts)}` : '';
  const build = (previous: string, chapter: string): ChatMessage[] => [
    { role: 'system', content: memorySystem(input.language) },
    {
      role: 'user',
      content: `${words.characters} ${settings}${pinned}\n\n${words.previous}\n<memory>\n${previous.replace(/<\/?memory>/giu, '') || words.noneYet}\n</memory>\n\n${words.chapter}\n<chapter>\n${chapter.replace(/<\/?chapter>/giu, '')}\n</chapter>`,
    },
  ];
  const fixed = build('', '').reduce((sum, m) => sum + count(m.content) + 8, 0);
  const room = Math.max(0, Math.floor(input.contextTokens * 0.95) - memoryMaxTokens(input.contextTokens) - fixed);
  const previous = fitHead(input.previous, Math.min(Math.floor(input.contextTokens * 0.15), Math.floor(room / 4)), count);
  const chapter = fitTail(input.chapter, room - count(previous), count);
  return build(previous, chapter);
}

/**
 * The offline writer's stand-in, labelled as an extract: the previous memory's lines and the first
 * sentence of each of the new chapter's first paragraphs, oldest lines dropped past MEMORY_MAX.
 */
export function extractiveMemory(previous: string, chapter: string, chapterNumber: number): string {
  const firstSentences = chapter
    .split(/\n{2,}/u)
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 4)
    .map((p) => /^[\s\S]*?[.!?。！？…](?=\s|$|[”」』"])/u.exec(p)?.[0] ?? p.slice(0, 120))
    .join(' ');
  const lines = [...previous.split('\n').filter(Boolean), `${chapterNumber}. ${firstSentences}`];
  while (lines.join('\n').length > MEMORY_MAX && lines.length > 1) lines.shift();
  return lines.join('\n').slice(0, MEMORY_MAX);
}

/** Updates waiting at most; past it the oldest is dropped (its next chapter uses the memory before it). */
const QUEUE_MAX = 200;

export class MemoryKeeper {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly controller = new AbortController();

  constructor(private readonly options: { db: Db; provider: LlmProvider; safety: Safety; log: FastifyBaseLogger; timeoutMs?: number }) {}

  /** Updates the memory of a chapter version in the background, one at a time, never twice at once. */
  schedule(chapterId: number | null): void {
    if (chapterId === null || this.closed || this.queue.includes(chapterId)) return;
    this.queue.push(chapterId);
    if (this.queue.length > QUEUE_MAX) this.queue.shift();
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  /** Resolves when every scheduled update has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.controller.abort();
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
      try {
        await this.update(id);
      } catch (error) {
        if (!this.closed)
          this.options.log.warn({ err: error, chapter: id }, 'the story memory update failed; the next chapter uses the memory before it');
      }
    }
  }

  private async update(chapterId: number): Promise<void> {
    const { db, provider, safety, log } = this.options;
    // The chapter and what the memory prompt needs of its novel, in one query.
    const [row] = await db
      .select({
        index: chapters.index,
        content: chapters.content,
        novel: { language: novels.language, params: novels.params, pinnedFacts: novels.pinnedFacts, isR18: novels.isR18 },
      })
      .from(chapters)
      .innerJoin(novels, eq(novels.uid, chapters.novelUid))
      .where(eq(chapters.id, chapterId));
    if (!row?.content.trim()) return;
    const { novel } = row;
    const line = (await storiesBefore(db, [chapterId])).get(chapterId);
    const previous = line?.memory ?? '';
    let memory: string;
    if (provider.name === 'offline') {
      memory = extractiveMemory(previous, row.content, row.index + 1);
    } else {
      const contextTokens = provider.contextTokens ?? 8192;
      const messages = memoryMessages({
        language: novel.language,
        params: novel.params,
        previous,
        pinnedFacts: novel.pinnedFacts,
        chapter: row.content,
        contextTokens,
        ...(provider.countTokens && { count: (text: string) => provider.countTokens!(text) }),
      });
      const signal = AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.options.timeoutMs ?? 120_000)]);
      let text = '';
      for await (const piece of provider.stream({
        story: {
          params: novel.params,
          perspective: 0,
          dialogueHeavy: false,
          spicy: novel.isR18,
          language: novel.language,
          chapterIndex: row.index,
          storySoFar: '',
          resumeFrom: '',
          targetChars: 600,
        },
        messages,
        maxTokens: memoryMaxTokens(contextTokens),
        signal,
      })) {
        text += piece;
      }
      memory = Array.from(text.replaceAll('\u0000', '').trim()).slice(0, MEMORY_MAX).join('');
    }
    if (!memory) return;
    // The memory rides in later prompts: it passes the same check as the story it sums up.
    const verdict = safety.check(memory, { language: novel.language, rating: novel.isR18 ? 'adult' : 'general' });
    if (!verdict.allowed) {
      log.warn({ chapter: chapterId, reason: verdict.reason }, 'a generated story memory was refused by the safety check and not kept');
      return;
    }
    await db.update(chapters).set({ memory }).where(eq(chapters.id, chapterId));
  }
}
