import type { Language } from '@butterfic/contract';
import { EN_NOTES } from './en';
import { JA_NOTES } from './ja';
import { KO_NOTES } from './ko';
import type { LanguageNotes } from './types';
import { ZH_CN_NOTES } from './zh-CN';
import { ZH_TW_NOTES } from './zh-TW';

export type { LanguageNotes } from './types';

/** Each language's style notes and memory prompt (issue 48); zh-TW has its own, in Taiwan wording. */
export const LANGUAGE_NOTES: Record<Language, LanguageNotes> = {
  en: EN_NOTES,
  'zh-CN': ZH_CN_NOTES,
  'zh-TW': ZH_TW_NOTES,
  ja: JA_NOTES,
  ko: KO_NOTES,
};

/** How many notes a lean prompt (a context too small for them all, decision 0032) keeps: punctuation and quotation marks. */
export const LEAN_NOTES = 1;

/** The style notes the system prompt carries for a story in `language`, as one block; `lean` keeps the first ones. */
export function styleNotes(language: Language, { lean = false }: { lean?: boolean } = {}): string {
  const notes = LANGUAGE_NOTES[language];
  const lines = lean ? notes.style.slice(0, LEAN_NOTES) : notes.style;
  return [notes.styleHeading, ...lines.map((line) => `- ${line}`)].join('\n');
}

/** A memory request's system message (memory.ts), in `language`. */
export const memorySystem = (language: Language): string => LANGUAGE_NOTES[language].memory.system.join('\n');

/** Whether `messages` are a memory request, in any language (tests and fakes tell them from chapter requests). */
export function isMemoryRequest(messages: readonly { content?: unknown }[] | undefined): boolean {
  const first = messages?.[0]?.content;
  return typeof first === 'string' && Object.values(LANGUAGE_NOTES).some((notes) => first === notes.memory.system.join('\n'));
}
