import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadArticleDraft, saveArticleDraft, type ArticleDraft } from './article-draft';

const draft: ArticleDraft = {
  characterA: 'Ines',
  settingA: 'A lighthouse keeper.',
  characterB: 'Tomas',
  settingB: '',
  plot: 'A storm.',
  perspective: 'secondPerson',
  isR18: 'notR18',
  writingStyle: 'conversation',
  selectedLanguageForGen: 'ko',
};

/** A Map-backed localStorage, enough for the storage helpers in the node test environment. */
function installStorage(): Map<string, string> {
  const map = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
  Object.assign(globalThis, { window: { localStorage } });
  return map;
}

describe('the article draft in local storage', () => {
  let map: Map<string, string>;
  beforeEach(() => {
    map = installStorage();
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('round-trips under the key articleDraft', () => {
    expect(loadArticleDraft()).toBeNull();
    saveArticleDraft(draft);
    expect(JSON.parse(map.get('articleDraft') ?? 'null')).toEqual(draft);
    expect(loadArticleDraft()).toEqual(draft);
  });

  it('repairs a damaged draft with the defaults of SPEC.md section 5', () => {
    map.set('articleDraft', JSON.stringify({ characterA: 'Ines', plot: 7, perspective: 'fourthPerson', selectedLanguageForGen: 'xx' }));
    expect(loadArticleDraft('ja')).toEqual({
      characterA: 'Ines',
      settingA: '',
      characterB: '',
      settingB: '',
      plot: '',
      perspective: 'thirdPerson',
      isR18: 'R18',
      writingStyle: 'description',
      selectedLanguageForGen: 'ja',
    });
    map.set('articleDraft', '[1,2]');
    expect(loadArticleDraft()).toBeNull();
  });
});
