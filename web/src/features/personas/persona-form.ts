import type { Language, PersonaInput } from '@butterfic/contract';
import type { Perspective, Preference, WritingStyle } from '../../lib/article-draft';
import { LIMITS } from '../../components/story-form/draft';

/** The new-persona form: the generation form's pair, plot and options, plus the card's description and tags. */
export type PersonaFormValues = {
  characterA: string;
  settingA: string;
  characterB: string;
  settingB: string;
  plot: string;
  description: string;
  tags: string;
  perspective: Perspective;
  isR18: Preference;
  writingStyle: WritingStyle;
  language: Language;
};

export type PersonaField = 'characterA' | 'characterB' | 'description' | 'tags';
/** Translation keys of the prompts under the fields. */
export type PersonaErrors = Partial<Record<PersonaField, string>>;

/** The server's bounds (contract/src/personas.ts PersonaInput), enforced by the inputs. */
export const PERSONA_LIMITS = { ...LIMITS, description: 500, tags: 8, tag: 30 } as const;

export function emptyPersona(language: Language): PersonaFormValues {
  return {
    characterA: '',
    settingA: '',
    characterB: '',
    settingB: '',
    plot: '',
    description: '',
    tags: '',
    perspective: 'thirdPerson',
    isR18: 'notR18',
    writingStyle: 'description',
    language,
  };
}

export const splitTags = (tags: string): string[] => [
  ...new Set(
    tags
      .split(/[,，、]/)
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** Both names and the description are required; at most 8 tags of up to 30 characters. */
export function validatePersona(values: Pick<PersonaFormValues, PersonaField>): PersonaErrors {
  const errors: PersonaErrors = {};
  if (!values.characterA.trim()) errors.characterA = 'create.nameRequired';
  if (!values.characterB.trim()) errors.characterB = 'create.nameRequired';
  if (!values.description.trim()) errors.description = 'newPersona.descriptionRequired';
  const tags = splitTags(values.tags);
  if (tags.length > PERSONA_LIMITS.tags || tags.some((t) => t.length > PERSONA_LIMITS.tag)) errors.tags = 'newPersona.tagsHint';
  return errors;
}

const FIRST_PERSON: Record<Perspective, 0 | 1 | 2> = { thirdPerson: 0, firstPerson: 1, secondPerson: 2 };

/** POST /persona/create/'s body. */
export function toPersonaInput(values: PersonaFormValues): PersonaInput {
  return {
    char_a_name: values.characterA.trim(),
    char_a_setting: values.settingA.trim(),
    char_b_name: values.characterB.trim(),
    char_b_setting: values.settingB.trim(),
    plot: values.plot.trim(),
    description: values.description.trim(),
    tags: splitTags(values.tags).join(', '),
    is_r18: values.isR18 === 'R18' ? 1 : 0,
    first_person: FIRST_PERSON[values.perspective],
    dialogue_heavy: values.writingStyle === 'conversation' ? 1 : 0,
    language: values.language,
  };
}

const SERVER_FIELDS: Record<string, PersonaField> = {
  char_a_name: 'characterA',
  char_b_name: 'characterB',
  description: 'description',
  tags: 'tags',
};

/** Server field errors (400001, data.fields keyed by the body's names) on the form's fields. */
export function personaServerErrors(data: unknown): PersonaErrors {
  const fields = (data as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: PersonaErrors = {};
  for (const [key, message] of Object.entries(fields as Record<string, unknown>)) {
    const field = SERVER_FIELDS[key.split('.')[0]!];
    if (!field) continue;
    const missing = typeof message === 'string' && /enter character name|too small/i.test(message);
    errors[field] =
      field === 'description' && missing
        ? 'newPersona.descriptionRequired'
        : field === 'tags'
          ? 'newPersona.tagsHint'
          : missing
            ? 'create.nameRequired'
            : 'create.checkField';
  }
  return errors;
}
