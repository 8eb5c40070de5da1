import type { GenerateBody, Language, Novel } from '@butterfic/contract';
import { normalizeLanguage, novelTitle, parseInputParams } from '@butterfic/contract/client';
import type { ArticleDraft, Perspective, Preference } from '../../lib/article-draft';

/**
 * The generation form's values: the article draft of SPEC.md section 3, except
 * that the preference may still be "not chosen" (null). It then follows the
 * account: spicy for an account that confirmed being 18+, general otherwise.
 */
export type FormValues = Omit<ArticleDraft, 'isR18'> & { isR18: Preference | null };

export type FieldName = 'characterA' | 'characterB' | 'plot';
/** Translation keys of the prompts shown under a field. */
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Upper bounds of the server's generation request (contract/src/novels.ts), enforced by the inputs. */
export const LIMITS = { name: 60, setting: 2000, plot: 4000 } as const;

/** SPEC.md section 4: one tap sends; taps within the next 500 ms are ignored. */
export const GENERATE_DEBOUNCE_MS = 500;
/** SPEC.md section 9: the draft is autosaved every 3 s. */
export const AUTOSAVE_MS = 3_000;

const browserLanguages = (): string[] =>
  typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language].filter(Boolean);

/** SPEC.md section 5: the user's language, else the browser's, else English (only the five supported). */
export function defaultGenerationLanguage(userLanguage?: string | null, browser: readonly string[] = browserLanguages()): Language {
  const fromUser = normalizeLanguage(userLanguage);
  if (fromUser) return fromUser;
  for (const tag of browser) {
    const lang = normalizeLanguage(tag);
    if (lang) return lang;
  }
  return 'en';
}

/** An empty form with the defaults of SPEC.md section 5: third person, description, preference by account. */
export function emptyValues(language: Language): FormValues {
  return {
    characterA: '',
    settingA: '',
    characterB: '',
    settingB: '',
    plot: '',
    perspective: 'thirdPerson',
    isR18: null,
    writingStyle: 'description',
    selectedLanguageForGen: language,
  };
}

const PERSPECTIVE_BY_CODE: Record<0 | 1 | 2, Perspective> = { 0: 'thirdPerson', 1: 'firstPerson', 2: 'secondPerson' };
const CODE_BY_PERSPECTIVE: Record<Perspective, 0 | 1 | 2> = { thirdPerson: 0, firstPerson: 1, secondPerson: 2 };

/** /article/create/{id}: the form prefilled from an earlier novel's input_params and options. */
export function novelToValues(novel: Pick<Novel, 'input_params' | 'is_r18' | 'first_person' | 'dialogue_heavy' | 'language'>): FormValues {
  const params = parseInputParams(novel.input_params);
  return {
    characterA: params.char_a_name ?? '',
    settingA: params.char_a_setting ?? '',
    characterB: params.char_b_name ?? '',
    settingB: params.char_b_setting ?? '',
    plot: params.plot ?? '',
    perspective: PERSPECTIVE_BY_CODE[novel.first_person],
    isR18: novel.is_r18 === 1 ? 'R18' : 'notR18',
    writingStyle: novel.dialogue_heavy === 1 ? 'conversation' : 'description',
    selectedLanguageForGen: novel.language,
  };
}

/** The values with the preference settled: an unchosen one follows the account's 18+ confirmation. */
export function resolveValues(values: FormValues, adultConfirmed: boolean): ArticleDraft {
  return { ...values, isR18: values.isR18 ?? (adultConfirmed ? 'R18' : 'notR18') };
}

/** SPEC.md section 5: both names and (as the form marks it) the plot are required. */
export function validateValues(values: Pick<FormValues, FieldName>): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.characterA.trim()) errors.characterA = 'create.nameRequired';
  if (!values.characterB.trim()) errors.characterB = 'create.nameRequired';
  if (!values.plot.trim()) errors.plot = 'create.plotRequired';
  return errors;
}

/** The generation request of SPEC.md section 3 built from a settled draft. */
export function toGenerateRequest(draft: ArticleDraft): GenerateBody {
  const params = {
    char_a_name: draft.characterA.trim(),
    char_a_setting: draft.settingA.trim(),
    char_b_name: draft.characterB.trim(),
    char_b_setting: draft.settingB.trim(),
    plot: draft.plot.trim(),
  };
  return {
    title: novelTitle(params),
    description: '',
    tags: [draft.isR18, draft.perspective, draft.writingStyle],
    params,
    is_r18: draft.isR18 === 'R18' ? 1 : 0,
    dialogue_heavy: draft.writingStyle === 'conversation' ? 1 : 0,
    first_person: CODE_BY_PERSPECTIVE[draft.perspective],
    language: draft.selectedLanguageForGen,
    model: 'v1',
    ...(draft.personaUid && { persona_uid: draft.personaUid }),
    ...(draft.codex?.length && { codex: draft.codex.map((e) => ({ ...e, uid: null, chapter_index: null, version: null })) }),
  };
}

/** Server field errors (400001, data.fields keyed like "params.char_a_name") mapped onto the form's fields. */
export function serverFieldErrors(data: unknown): FieldErrors {
  const fields = (data as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields as Record<string, unknown>)) {
    const required = typeof message === 'string' && /enter character name|too small/i.test(message);
    if (key === 'params.char_a_name') errors.characterA = required ? 'create.nameRequired' : 'create.checkField';
    if (key === 'params.char_b_name') errors.characterB = required ? 'create.nameRequired' : 'create.checkField';
    if (key === 'params.plot') errors.plot = 'create.checkField';
  }
  return errors;
}
