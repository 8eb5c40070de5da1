import { PersonaInput } from '@butterfic/contract';
import { describe, expect, it } from 'vitest';
import { emptyPersona, personaServerErrors, splitTags, toPersonaInput, validatePersona, type PersonaFormValues } from './persona-form';

const values = (overrides: Partial<PersonaFormValues> = {}): PersonaFormValues => ({
  ...emptyPersona('ja'),
  characterA: ' 湊 ',
  settingA: '灯台守。',
  characterB: '朔',
  description: '嵐の一夜。',
  tags: 'じれじれ、ライバル, じれじれ ,',
  perspective: 'secondPerson',
  writingStyle: 'conversation',
  ...overrides,
});

describe('the new persona form', () => {
  it("builds a body the server's PersonaInput accepts as it is", () => {
    const body = toPersonaInput(values());
    expect(body).toEqual({
      char_a_name: '湊',
      char_a_setting: '灯台守。',
      char_b_name: '朔',
      char_b_setting: '',
      plot: '',
      description: '嵐の一夜。',
      tags: 'じれじれ, ライバル',
      is_r18: 0,
      first_person: 2,
      dialogue_heavy: 1,
      language: 'ja',
    });
    expect(PersonaInput.parse(body)).toEqual(body);
  });

  it('asks for both names and the description, and checks the tags', () => {
    expect(validatePersona(values())).toEqual({});
    expect(validatePersona(values({ characterA: ' ', characterB: '', description: '' }))).toEqual({
      characterA: 'create.nameRequired',
      characterB: 'create.nameRequired',
      description: 'newPersona.descriptionRequired',
    });
    expect(validatePersona(values({ tags: 'a,b,c,d,e,f,g,h,i' })).tags).toBe('newPersona.tagsHint');
    expect(validatePersona(values({ tags: 'x'.repeat(31) })).tags).toBe('newPersona.tagsHint');
    expect(splitTags(' a ,, b，c、a ')).toEqual(['a', 'b', 'c']);
  });

  it("puts the server's field errors under the fields", () => {
    expect(
      personaServerErrors({
        fields: {
          char_a_name: 'enter character name',
          char_b_name: 'one line, no control characters',
          description: 'Too small',
          'tags.0': 'Too big',
        },
      }),
    ).toEqual({
      characterA: 'create.nameRequired',
      characterB: 'create.checkField',
      description: 'newPersona.descriptionRequired',
      tags: 'newPersona.tagsHint',
    });
    expect(personaServerErrors(undefined)).toEqual({});
  });
});
