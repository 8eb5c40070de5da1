import { LANGUAGES, type Language } from '@butterfic/contract';
import { describe, expect, it } from 'vitest';
import { memoryMessages } from '../../memory';
import type { StoryRequest } from '../../types';
import { buildMessages, buildPrompt } from '../build';
import { IN_PROMPT, OVERUSED, promptPhrases } from '../overused';
import { LANGUAGE_NOTES, styleNotes } from '.';

const story = (language: Language, over: Partial<StoryRequest> = {}): StoryRequest => ({
  params: { char_a_name: '陸', char_a_setting: 'a lighthouse keeper, 34', char_b_name: '澪', char_b_setting: 'a cartographer, 31', plot: 'A storm.' },
  perspective: 0,
  dialogueHeavy: false,
  spicy: false,
  language,
  chapterIndex: 0,
  storySoFar: '',
  resumeFrom: '',
  targetChars: 900,
  ...over,
});

/** A first chapter, a continuation, a new version of a chapter and a resumed one: every prompt a story sends. */
const everyPrompt = (language: Language, spicy = false) => [
  buildMessages(story(language, { spicy })),
  buildMessages(story(language, { spicy, chapterIndex: 2, storySoFar: '前の章。\n\n続き。' })),
  buildMessages(story(language, { spicy, chapterIndex: 2, storySoFar: '前の章。', version: 3 })),
  buildMessages(story(language, { spicy, chapterIndex: 2, storySoFar: '前の章。', resumeFrom: '途中まで' })),
  buildPrompt(story(language, { spicy, chapterIndex: 2, storySoFar: '前の章。' }), { contextTokens: 2048 }).messages,
];

describe('the style notes of each language (issue 48)', () => {
  it.each(LANGUAGES)('go with every %s story prompt: first chapter, continuation, new version, resumed, fitted', (language) => {
    const prompts = everyPrompt(language);
    for (const messages of prompts.slice(0, 4)) expect(messages[0]!.content).toContain(styleNotes(language));
    // A context too small for them all keeps the punctuation and quotation-mark note.
    for (const messages of prompts) expect(messages[0]!.content).toContain(styleNotes(language, { lean: true }));
  });

  it('keep each language’s quotation marks in a lean prompt', () => {
    expect(styleNotes('zh-CN', { lean: true })).toContain('“”');
    expect(styleNotes('zh-TW', { lean: true })).toContain('「」');
    expect(styleNotes('ja', { lean: true })).toContain('「」');
    expect(styleNotes('ko', { lean: true })).toContain('“ ”');
  });

  it('ask Japanese for 「」 and 『』, ……, one first person per character, no のだった at every end, です/ます only in speech', () => {
    const system = buildMessages(story('ja'))[0]!.content;
    for (const piece of ['「」', '『』', '……', '一人称', '〜のだった', 'です・ます']) expect(system).toContain(piece);
  });

  it('ask zh-CN for “” and zh-TW for 「」『』 in Taiwan wording, both for …… and no 他/她 in every sentence', () => {
    const cn = buildMessages(story('zh-CN'))[0]!.content;
    const tw = buildMessages(story('zh-TW'))[0]!.content;
    expect(cn).toContain('对话用“”');
    expect(cn).not.toContain('「');
    expect(tw).toContain('對話用「」');
    expect(tw).toContain('臺灣的用字');
    expect(tw).toContain('『』');
    for (const system of [cn, tw]) {
      expect(system).toContain('……');
      expect(system).toMatch(/不要每句都用[“「]他[”」][“「]她[”」]/u);
    }
    expect(LANGUAGE_NOTES['zh-TW'].style).not.toEqual(LANGUAGE_NOTES['zh-CN'].style);
  });

  it('ask Korean for no 그녀/그 in every sentence, no 당신 between lovers, a kept 반말/존댓말, “” and ‘’, no 번역투', () => {
    const system = buildMessages(story('ko'))[0]!.content;
    for (const piece of ['‘그녀는’', '‘당신’', '반말과 존댓말', '“ ”', '‘ ’', '번역투', '‘~에 대해’', '‘미묘한’']) expect(system).toContain(piece);
  });

  it('ask English for prose that is not purple', () => {
    expect(buildMessages(story('en'))[0]!.content).toContain('not purple');
  });

  it('ask for characters of 19 or older in a Korean adult story, with the Korean notes, and 18 in the others', () => {
    for (const messages of everyPrompt('ko', true)) {
      const system = messages[0]!.content;
      expect(system).toContain('confirmed they are 19 or older');
      expect(system).toContain('every character is an adult (19 or older)');
      expect(system).not.toMatch(/\b18\b/u);
      expect(system).toContain('한국어 소설 문장 지침');
    }
    for (const messages of everyPrompt('ja', true)) expect(messages[0]!.content).toContain('every character is an adult (18 or older)');
  });
});

describe('the overused phrases each prompt names', () => {
  it.each(LANGUAGES)('are twelve different tics for %s: none holds another', (language) => {
    const named = promptPhrases(language);
    expect(named).toHaveLength(IN_PROMPT);
    const nested = named.flatMap((a) => named.filter((b) => a !== b && a.includes(b)).map((b) => `${a} ⊃ ${b}`));
    expect(nested).toEqual([]);
  });

  it('name the tics natives complain about', () => {
    const named = (language: Language) => buildMessages(story(language))[0]!.content;
    for (const phrase of ['不禁', '"仿佛"', '嘴角勾起一抹', '眸子里闪过一丝']) expect(named('zh-CN')).toContain(phrase);
    for (const phrase of ['"のだった"', '"思わず"', '"胸が高鳴る"']) expect(named('ja')).toContain(phrase);
    for (const phrase of ['"묘한"', '"그녀는"', '"에 대해"']) expect(named('ko')).toContain(phrase);
  });

  it('give zh-TW its own list in Taiwan writing, not the Simplified one', () => {
    const simplifiedOnly = /[们这说时间里弥丝闪觉长杂节气头动声红脸颊涌齿轮涟带诉织温宠乱开]/u;
    expect(OVERUSED['zh-TW'].filter((phrase) => simplifiedOnly.test(phrase))).toEqual([]);
    const same = OVERUSED['zh-TW'].filter((phrase) => OVERUSED['zh-CN'].includes(phrase));
    expect(same.length).toBeLessThan(OVERUSED['zh-TW'].length / 2);
    expect(promptPhrases('zh-TW')).toContain('彷彿');
    expect(promptPhrases('zh-TW')).toContain('眸子裡閃過一絲');
  });
});

describe('the memory prompt', () => {
  const memory = (language: Language) =>
    memoryMessages({
      language,
      params: story(language).params,
      previous: '',
      pinnedFacts: ['x'],
      chapter: 'text',
      contextTokens: 8192,
    });

  it.each(['zh-CN', 'zh-TW', 'ja', 'ko'] as const)('is written in the %s story’s language, facts heading and all', (language) => {
    const [system, user] = memory(language);
    expect(system!.content).toContain(LANGUAGE_NOTES[language].memory.factsHeading);
    expect(system!.content).not.toContain('Key facts');
    // No English word but JSON anywhere in the prompt around the quoted data.
    const around = `${system!.content}\n${user!.content}`.replace(/<\/?(memory|chapter)>/gu, '').replace(/\{"character_a".*?\}/u, '');
    const words = around.match(/[A-Za-z]{3,}/gu) ?? [];
    expect(words.filter((word) => word !== 'JSON' && word !== 'text')).toEqual([]);
  });

  it('keeps the English heading for an English story', () => {
    expect(memory('en')[0]!.content).toContain('"Key facts:"');
  });

  it('names each heading as it is written in the language', () => {
    expect(memory('ja')[0]!.content).toContain('「重要な事実：」');
    expect(memory('zh-CN')[0]!.content).toContain('“关键事实：”');
    expect(memory('zh-TW')[0]!.content).toContain('「關鍵事實：」');
    expect(memory('ko')[0]!.content).toContain('“핵심 사실:”');
  });
});
