import glossary from './glossary.json';

/**
 * The rules GLOSSARY.md states, as checks over (language, text) pairs: used by
 * locales.test.ts for the web parts and the sample stories. The server runs the
 * same list over its status_msg texts and mail (server/src/lib/messages.test.ts).
 */
export type Lang = 'en' | 'zh-CN' | 'zh-TW' | 'ko' | 'ja';
export type Rule = { pattern: string; use: string; concept: string; appOnly?: boolean };

export const FORBIDDEN = glossary.forbidden as Record<Exclude<Lang, 'en'>, Rule[]>;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The text a reader sees, without i18next placeholders, markup tags, URLs and brand words. */
export function visibleWords(text: string): string {
  let out = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\{\w+\}/g, ' ')
    .replace(/<\/?\w+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  for (const word of glossary.brandWords) out = out.split(word).join(' ');
  return out;
}

/** A key whose text is the English one unchanged, unless it is only brand words, placeholders, numbers and signs. */
export function copiedFromEnglish(text: string, english: string): boolean {
  return text === english && /\p{L}/u.test(visibleWords(english));
}

/** Chinese and Japanese sentences take full-width ？！：; Korean, like English, uses the ASCII signs. */
export function asciiPunctuationInCjk(lang: Lang, text: string): string | null {
  if (lang !== 'zh-CN' && lang !== 'zh-TW' && lang !== 'ja') return null;
  const words = visibleWords(text);
  if (!CJK.test(words)) return null;
  const found = /[?!:]/.exec(words);
  return found ? found[0] : null;
}

/** The glossary rules a text breaks, as "found → use" lines. `app` is false for mail, which has its own register. */
export function glossaryBreaks(lang: Lang, text: string, app = true): string[] {
  if (lang === 'en') return [];
  return FORBIDDEN[lang]
    .filter((rule) => app || !rule.appOnly)
    .flatMap((rule) => {
      const found = new RegExp(rule.pattern, 'u').exec(text);
      return found ? [`“${found[0]}” (${rule.concept}) → ${rule.use}`] : [];
    });
}

/** i18next plural suffixes: a language without a form (Chinese, Japanese and Korean have only _other) needs only the ones it uses. */
const PLURAL = /_(zero|one|two|few|many|other)$/u;

/**
 * Key parity with English: the keys `texts` lacks (or leaves empty), and those it has that English
 * does not. A plural form counts as present when the language has the key's _other form.
 */
export function keyParity(english: Record<string, string>, texts: Record<string, string>): { missing: string[]; extra: string[] } {
  const has = (key: string) => (texts[key] ?? '') !== '' || (PLURAL.test(key) && (texts[key.replace(PLURAL, '_other')] ?? '') !== '');
  const missing = Object.keys(english).filter((key) => !has(key));
  const extra = Object.keys(texts).filter((key) => !(key in english) && !(PLURAL.test(key) && key.replace(PLURAL, '_other') in english));
  return { missing, extra };
}
