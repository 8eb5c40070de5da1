import { formatInputParams } from '@butterfic/contract/client';
import { describe, expect, it } from 'vitest';
import type { ArticleDraft } from '../../lib/article-draft';
import {
  defaultGenerationLanguage,
  emptyValues,
  novelToValues,
  resolveValues,
  serverFieldErrors,
  toGenerateRequest,
  validateValues,
} from '../../components/story-form/draft';

const draft: ArticleDraft = {
  characterA: ' Ines ',
  settingA: 'A lighthouse keeper, 34; she leads.',
  characterB: 'Tomás',
  settingB: '',
  plot: '嵐の夜、灯台に閉じ込められた二人は夜明けまで秘密を打ち明け合う。',
  perspective: 'secondPerson',
  isR18: 'R18',
  writingStyle: 'conversation',
  selectedLanguageForGen: 'ja',
};

describe('the generation request', () => {
  it('follows SPEC.md section 3: title, tags, flags, perspective code and model', () => {
    expect(toGenerateRequest(draft)).toEqual({
      title: '嵐の夜、灯台に閉じ込めら',
      description: '',
      tags: ['R18', 'secondPerson', 'conversation'],
      params: {
        char_a_name: 'Ines',
        char_a_setting: 'A lighthouse keeper, 34; she leads.',
        char_b_name: 'Tomás',
        char_b_setting: '',
        plot: draft.plot,
      },
      is_r18: 1,
      dialogue_heavy: 1,
      first_person: 2,
      language: 'ja',
      model: 'v1',
    });
    // A draft filled from a persona names it, so a post of the story can say where it came from.
    expect(toGenerateRequest({ ...draft, personaUid: 'p7' }).persona_uid).toBe('p7');
    const general = toGenerateRequest({ ...draft, perspective: 'firstPerson', isR18: 'notR18', writingStyle: 'description' });
    expect([general.first_person, general.is_r18, general.dialogue_heavy, general.tags]).toEqual([
      1,
      0,
      0,
      ['notR18', 'firstPerson', 'description'],
    ]);
    expect(toGenerateRequest({ ...draft, perspective: 'thirdPerson' }).first_person).toBe(0);
  });

  it('takes the first 12 characters of the plot as the title, never half an emoji', () => {
    expect(toGenerateRequest({ ...draft, plot: '🌊🌊 A storm traps them in the lighthouse' }).title).toBe('🌊🌊 A storm t');
  });
});

describe('the form values', () => {
  it('prefills from an earlier novel', () => {
    const input_params = formatInputParams({
      char_a_name: "Ines O'Neil",
      char_a_setting: 'Keeper\nof the light',
      char_b_name: 'Tomás',
      char_b_setting: '',
      plot: 'A storm.',
    });
    expect(novelToValues({ input_params, is_r18: 0, first_person: 1, dialogue_heavy: 1, language: 'ko' })).toEqual({
      characterA: "Ines O'Neil",
      settingA: 'Keeper\nof the light',
      characterB: 'Tomás',
      settingB: '',
      plot: 'A storm.',
      perspective: 'firstPerson',
      isR18: 'notR18',
      writingStyle: 'conversation',
      selectedLanguageForGen: 'ko',
    });
  });

  it('defaults to third person and description, with the preference following the 18+ confirmation', () => {
    const empty = emptyValues('en');
    expect(empty).toMatchObject({ perspective: 'thirdPerson', writingStyle: 'description', isR18: null });
    expect(resolveValues(empty, true).isR18).toBe('R18');
    expect(resolveValues(empty, false).isR18).toBe('notR18');
    expect(resolveValues({ ...empty, isR18: 'notR18' }, true).isR18).toBe('notR18');
  });

  it('takes the generation language from the user, else the browser, else English', () => {
    expect(defaultGenerationLanguage('ko', ['ja-JP'])).toBe('ko');
    expect(defaultGenerationLanguage(null, ['fr-FR', 'zh-HK'])).toBe('zh-TW');
    expect(defaultGenerationLanguage('xx', ['fr-FR'])).toBe('en');
  });

  it('asks for both names and the plot', () => {
    expect(validateValues({ characterA: ' ', characterB: '', plot: '' })).toEqual({
      characterA: 'create.nameRequired',
      characterB: 'create.nameRequired',
      plot: 'create.plotRequired',
    });
    expect(validateValues({ characterA: 'Ines', characterB: 'Tomás', plot: 'A storm.' })).toEqual({});
  });

  it('maps the server field errors onto the fields', () => {
    expect(serverFieldErrors({ fields: { 'params.char_b_name': 'enter character name', 'params.plot': 'Too big', is_r18: 'x' } })).toEqual({
      characterB: 'create.nameRequired',
      plot: 'create.checkField',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
