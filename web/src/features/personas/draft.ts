import type { ArticleDraft } from '../../lib/article-draft';
import type { Persona } from './api/types';

/** The generation form prefilled from a persona (SPEC.md section 3). */
export function personaToDraft(persona: Persona): ArticleDraft {
  return {
    characterA: persona.char_a_name,
    settingA: persona.char_a_setting,
    characterB: persona.char_b_name,
    settingB: persona.char_b_setting,
    plot: persona.plot,
    perspective: persona.first_person === 1 ? 'firstPerson' : persona.first_person === 2 ? 'secondPerson' : 'thirdPerson',
    isR18: persona.is_r18 === 1 ? 'R18' : 'notR18',
    writingStyle: persona.dialogue_heavy === 1 ? 'conversation' : 'description',
    selectedLanguageForGen: persona.language,
    personaUid: persona.uid,
  };
}
