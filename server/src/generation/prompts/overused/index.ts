import fs from 'node:fs';
import { LANGUAGES, type Language } from '@butterfic/contract';
import { z } from 'zod';
import { EN } from './en';
import { JA } from './ja';
import { KO } from './ko';
import { ZH } from './zh';
import { ZH_TW } from './zh-tw';

/**
 * Phrases story models overuse, per language ("去AI味", AIっぽさ, AI 티: prose that sounds written, not
 * generated). Each list opens with twelve different tics, which every chapter's prompt names
 * (`avoidInstruction`); `overusedRate` measures how often the whole list appears in a text, per 1,000
 * characters (npm run bench prints it for the offline
 * writer's chapters). Operators replace a list with OVERUSED_PHRASES_FILE (a JSON object of arrays
 * per language, e.g. {"en": ["..."]}).
 */
export const OVERUSED: Record<Language, readonly string[]> = { en: EN, 'zh-CN': ZH, 'zh-TW': ZH_TW, ja: JA, ko: KO };

/** The lists in force: ours, or the operator's file (OVERUSED_PHRASES_FILE) where it names a language. */
let lists: Record<Language, readonly string[]> = OVERUSED;

const OperatorLists = z.partialRecord(z.enum(LANGUAGES), z.array(z.string().trim().min(1).max(80)).max(500));

/** Reads OVERUSED_PHRASES_FILE: a JSON object of phrase arrays by language; a bad file stops start-up with one clear line. */
export function loadOverusedPhrases(file: string | undefined): void {
  if (!file) {
    lists = OVERUSED;
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`OVERUSED_PHRASES_FILE: ${file} is not a readable JSON file (${(error as Error).message})`);
  }
  const result = OperatorLists.safeParse(parsed);
  if (!result.success) throw new Error(`OVERUSED_PHRASES_FILE: ${file} must be an object of phrase arrays by language (en, zh-CN, zh-TW, ko, ja)`);
  lists = { ...OVERUSED, ...Object.fromEntries(Object.entries(result.data).map(([k, v]) => [k, v.map((p) => p.toLowerCase())])) };
}

/** How many of a language's phrases the prompt names (the first ones: twelve different tics). */
export const IN_PROMPT = 12;

/** The phrases the prompt names for `language`. */
export function promptPhrases(language: Language): readonly string[] {
  return lists[language].slice(0, IN_PROMPT);
}

export function avoidInstruction(language: Language): string {
  const phrases = promptPhrases(language);
  if (!phrases.length) return '';
  return `Write prose that sounds written by a person, not generated: fresh, concrete images and plain verbs. Avoid these overused phrases and their variants: ${phrases.map((p) => JSON.stringify(p)).join(', ')}.`;
}

/** Occurrences of the language's overused phrases per 1,000 characters of `text`; overlapping ones (仿佛 in 时间仿佛静止) count once. */
export function overusedRate(text: string, language: Language): number {
  const haystack = text.toLowerCase();
  const found: [number, number][] = [];
  for (const phrase of lists[language]) {
    for (let at = haystack.indexOf(phrase); at !== -1; at = haystack.indexOf(phrase, at + phrase.length)) found.push([at, at + phrase.length]);
  }
  found.sort((a, b) => a[0] - b[0]);
  let hits = 0;
  let end = -1;
  for (const [start, stop] of found) {
    if (start >= end) hits++;
    end = Math.max(end, stop);
  }
  const length = Array.from(text).length;
  return length ? (hits * 1000) / length : 0;
}
