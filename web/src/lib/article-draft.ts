import type { Language } from '@butterfic/contract';
import { isLanguage } from './language';
import { STORAGE_KEYS, storage } from './storage';

/**
 * The generation form's draft (SPEC.md section 3), kept in local storage under
 * `articleDraft`. Written by "Use it to generate" on a persona, the sample
 * pages and the form's own autosave; read by the form when it opens.
 */
export type Perspective = 'firstPerson' | 'secondPerson' | 'thirdPerson';
export type Preference = 'R18' | 'notR18';
export type WritingStyle = 'conversation' | 'description';

export type ArticleDraft = {
  characterA: string;
  settingA: string;
  characterB: string;
  settingB: string;
  plot: string;
  perspective: Perspective;
  isR18: Preference;
  writingStyle: WritingStyle;
  selectedLanguageForGen: Language;
  /** The persona the draft was filled from ("Use it to generate"), shown as a published post's provenance. */
  personaUid?: string;
  /** Codex entries an imported card's `character_book` brought (issue 49), sent with the story. */
  codex?: CodexSeed[];
};

/** One codex entry brought by a card's character book. */
export type CodexSeed = { name: string; aliases: string[]; text: string; always: boolean };

const seeds = (value: unknown): CodexSeed[] =>
  Array.isArray(value)
    ? value.filter(
        (e): e is CodexSeed =>
          typeof e === 'object' && e !== null && typeof e.name === 'string' && typeof e.text === 'string' && typeof e.always === 'boolean' && Array.isArray(e.aliases) && e.aliases.every((a: unknown) => typeof a === 'string'),
      )
    : [];

const PERSPECTIVES: readonly Perspective[] = ['firstPerson', 'secondPerson', 'thirdPerson'];
const PREFERENCES: readonly Preference[] = ['R18', 'notR18'];
const STYLES: readonly WritingStyle[] = ['conversation', 'description'];

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The stored draft, or null when there is none. A draft written by an older
 * version or edited by hand is repaired field by field with the defaults of
 * SPEC.md section 5 (third person, R18, description) and `fallbackLanguage`.
 */
export function loadArticleDraft(fallbackLanguage: Language = 'en'): ArticleDraft | null {
  const raw = storage.getJson<Record<string, unknown>>(STORAGE_KEYS.articleDraft);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const language = text(raw.selectedLanguageForGen);
  return {
    characterA: text(raw.characterA),
    settingA: text(raw.settingA),
    characterB: text(raw.characterB),
    settingB: text(raw.settingB),
    plot: text(raw.plot),
    perspective: pick(raw.perspective, PERSPECTIVES, 'thirdPerson'),
    isR18: pick(raw.isR18, PREFERENCES, 'R18'),
    writingStyle: pick(raw.writingStyle, STYLES, 'description'),
    selectedLanguageForGen: isLanguage(language) ? language : fallbackLanguage,
    ...(typeof raw.personaUid === 'string' && raw.personaUid && { personaUid: raw.personaUid }),
    ...(seeds(raw.codex).length && { codex: seeds(raw.codex) }),
  };
}

export function saveArticleDraft(draft: ArticleDraft): void {
  storage.setJson(STORAGE_KEYS.articleDraft, draft);
}

export function clearArticleDraft(): void {
  storage.remove(STORAGE_KEYS.articleDraft);
}
