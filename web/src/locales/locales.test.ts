import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_STORIES } from '../features/samples/stories';
import { sampleText } from '../features/samples/texts';
import { asciiPunctuationInCjk, copiedFromEnglish, glossaryBreaks, keyParity, visibleWords, type Lang } from './lint';

/**
 * Issue 20: every locale reads as written in its language. Fails on a text copied from English,
 * on ASCII ? ! : inside Chinese or Japanese sentences, and on a word GLOSSARY.md rules out
 * (glossary.json holds the machine-readable list).
 */
const DIR = join(import.meta.dirname);
const OTHERS: Exclude<Lang, 'en'>[] = ['zh-CN', 'zh-TW', 'ko', 'ja'];

function flatten(value: unknown, prefix: string, out: Record<string, string>): Record<string, string> {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

function load(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of readdirSync(join(DIR, lang)).filter((name) => name.endsWith('.json')))
    flatten(JSON.parse(readFileSync(join(DIR, lang, file), 'utf8')), `${file.replace(/\.json$/, '')}:`, out);
  return out;
}

const en = load('en');

describe('the lint rules', () => {
  it('tell a copied English text from a brand word or a placeholder', () => {
    expect(copiedFromEnglish('Couldn’t load', 'Couldn’t load')).toBe(true);
    expect(copiedFromEnglish('Butterfic', 'Butterfic')).toBe(false);
    expect(copiedFromEnglish('{{count}} · API', '{{count}} · API')).toBe(false);
    expect(copiedFromEnglish('読み込めません', 'Couldn’t load')).toBe(false);
  });

  it('find ASCII signs in Chinese and Japanese sentences, not in Korean ones or in placeholders', () => {
    expect(asciiPunctuationInCjk('zh-CN', '需要灵感？读一篇示例故事:')).toBe(':');
    expect(asciiPunctuationInCjk('ja', 'おっと?')).toBe('?');
    expect(asciiPunctuationInCjk('ko', '영감이 필요하세요?')).toBeNull();
    expect(asciiPunctuationInCjk('ja', '出典：Butterfic（https://example.com/a?b=1）')).toBeNull();
    expect(visibleWords('{{count, number}} 字')).not.toContain(',');
  });

  it('name the glossary term a contradicting word should be', () => {
    expect(glossaryBreaks('zh-CN', '获取更多黄油')).toEqual([expect.stringContaining('黄油币')]);
    expect(glossaryBreaks('zh-CN', '获取更多黄油币')).toEqual([]);
    expect(glossaryBreaks('ko', '작가가 삭제했어요.')).toHaveLength(1);
    expect(glossaryBreaks('ko', '메일로 보내 드렸습니다.', false)).toEqual([]);
    expect(glossaryBreaks('ko', '메일로 보내 드렸습니다.', true)).toHaveLength(1);
  });

  it('keep a Japanese counter on its number, also when the number is a placeholder', () => {
    expect(glossaryBreaks('ja', 'すでに {max} 件の物語を開いています。')).toHaveLength(1);
    expect(glossaryBreaks('ja', '名前を {{from}} 文字から {{to}} 文字に縮めました。')).toHaveLength(1);
    expect(glossaryBreaks('ja', '第 {{number}} 章')).toHaveLength(1);
    expect(glossaryBreaks('ja', '30 秒後')).toHaveLength(1);
    expect(glossaryBreaks('ja', 'すでに{max}件の物語を開いています。')).toEqual([]);
    expect(glossaryBreaks('ja', '名前を{{from}}文字から{{to}}文字に縮めました。第{{number}}章、30秒後。')).toEqual([]);
    // A Latin word keeps its spaces: only counters are glued.
    expect(glossaryBreaks('ja', '{{name}} さん、Butterfic へようこそ。')).toEqual([]);
  });

  it('hold one word for a ban in each language', () => {
    expect(glossaryBreaks('zh-TW', '你的帳號已被封鎖。')).toHaveLength(1);
    expect(glossaryBreaks('zh-TW', '你的帳號已被永久停權。')).toEqual([]);
    expect(glossaryBreaks('ko', '계정이 차단되었어요.')).toHaveLength(1);
    expect(glossaryBreaks('ko', '영구적으로 이용을 제한할 수 있습니다', false)).toHaveLength(1);
    expect(glossaryBreaks('ko', '계정이 영구 정지되었어요.')).toEqual([]);
    expect(glossaryBreaks('ja', 'アカウントの永久停止')).toHaveLength(1);
    expect(glossaryBreaks('ja', 'アカウントの凍結')).toEqual([]);
    expect(glossaryBreaks('zh-CN', '永久封禁账号')).toHaveLength(1);
  });

  it('find a key a locale lacks or leaves empty, and one English does not have (issue 48)', () => {
    const english = { 'a:x': 'X', 'a:count_one': '{{count}} word', 'a:count_other': '{{count}} words' };
    expect(keyParity(english, { 'a:count_other': '{{count}}字' })).toEqual({ missing: ['a:x'], extra: [] });
    expect(keyParity(english, { 'a:x': '', 'a:count_other': '字' }).missing).toEqual(['a:x']);
    expect(keyParity(english, { 'a:x': 'エックス', 'a:count_other': '字', 'a:y': 'ワイ' })).toEqual({ missing: [], extra: ['a:y'] });
    expect(keyParity(english, { 'a:x': 'x', 'a:count_one': '1', 'a:count_other': 'n' })).toEqual({ missing: [], extra: [] });
  });

  it('glue a Korean parenthesis to the word before it', () => {
    expect(glossaryBreaks('ko', '이메일 (선택)')).toHaveLength(1);
    expect(glossaryBreaks('ko', '이메일(선택)')).toEqual([]);
  });
});

describe.each(OTHERS)('the %s locale', (lang) => {
  const texts = load(lang);

  it('has every key English has, and none it lacks', () => {
    expect(keyParity(en, texts)).toEqual({ missing: [], extra: [] });
  });

  it('has no text left in English', () => {
    const copied = Object.keys(en).filter((key) => key in texts && copiedFromEnglish(texts[key]!, en[key]!));
    expect(copied).toEqual([]);
  });

  it('uses full-width ？！： in CJK sentences', () => {
    const found = Object.entries(texts).flatMap(([key, text]) => {
      const sign = asciiPunctuationInCjk(lang, text);
      return sign ? [`${key} ${sign} ${text}`] : [];
    });
    expect(found).toEqual([]);
  });

  it('uses the GLOSSARY.md term for every concept', () => {
    const found = Object.entries(texts).flatMap(([key, text]) => glossaryBreaks(lang, text).map((why) => `${key}: ${why}`));
    expect(found).toEqual([]);
  });

  it('has the three sample stories written in it, scene for scene, by the same rules', () => {
    const problems = SAMPLE_STORIES.flatMap((story) => {
      const english = sampleText(story, 'en');
      const own = sampleText(story, lang);
      const pairs: [string, string, string][] = [
        ['title', own.title, english.title],
        ...Object.entries(own.draft).map(([field, text]): [string, string, string] => [
          field,
          text,
          english.draft[field as keyof typeof english.draft],
        ]),
        ...own.scenes.flatMap((scene, i) =>
          scene.map((text, j): [string, string, string] => [`scene ${i + 1} ¶${j + 1}`, text, english.scenes[i]?.[j] ?? '']),
        ),
      ];
      const shape = own.scenes.length === english.scenes.length ? [] : [`${story.key}: ${own.scenes.length} scenes`];
      return [
        ...shape,
        ...pairs.flatMap(([where, text, en]) => {
          const sign = asciiPunctuationInCjk(lang, text);
          return [
            ...(text.trim() === '' || copiedFromEnglish(text, en) ? [`${story.key} ${where}: empty or English`] : []),
            ...(sign ? [`${story.key} ${where}: ASCII ${sign}`] : []),
            ...glossaryBreaks(lang, text).map((why) => `${story.key} ${where}: ${why}`),
          ];
        }),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('keeps the glossary in the user agreement and about us (documents: their own register)', () => {
    const dir = join(DIR, '../features/policy/content', lang);
    const found = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .flatMap((name) =>
        Object.entries(flatten(JSON.parse(readFileSync(join(dir, name), 'utf8')), name, {})).flatMap(([key, text]) => {
          const sign = asciiPunctuationInCjk(lang, text.replace(/\[[^\]]*\]\([^)]*\)/g, ' '));
          return [...glossaryBreaks(lang, text, false).map((why) => `${key}: ${why}`), ...(sign ? [`${key}: ASCII ${sign}`] : [])];
        }),
      );
    expect(found).toEqual([]);
  });
});
