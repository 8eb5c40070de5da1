import { TITLE_LENGTH } from './constants';

/** Character and plot fields of a story, as input_params carries them. */
type StoryFields = { char_a_name: string; char_a_setting: string; char_b_name: string; char_b_setting: string; plot: string };

/** The novel title: the first 12 characters of the plot (code points, so CJK and emoji are never cut). */
export function novelTitle(params: Pick<StoryFields, 'plot' | 'char_a_name' | 'char_b_name'>): string {
  const plot = params.plot.trim();
  if (plot) return Array.from(plot).slice(0, TITLE_LENGTH).join('');
  return Array.from(`${params.char_a_name} × ${params.char_b_name}`).slice(0, TITLE_LENGTH).join('');
}

const PARAM_KEYS = ['char_a_name', 'char_a_setting', 'char_b_name', 'char_b_setting', 'plot'] as const;

/** Writes the quoted-dictionary form: {'char_a_name': 'Ines', …} with \\ and \' escaped. */
export function formatInputParams(params: StoryFields): string {
  const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  return `{${PARAM_KEYS.map((k) => `'${k}': ${quote(params[k])}`).join(', ')}}`;
}

/** Reads the quoted-dictionary form back (also accepts JSON); unknown keys are ignored. */
export function parseInputParams(text: string): Partial<StoryFields> {
  const out: Record<string, string> = {};
  const pattern = /(['"])((?:\\.|(?!\1).)*)\1\s*:\s*(['"])((?:\\.|(?!\3).)*)\3/gs;
  const unescape = (s: string) => s.replace(/\\(.)/gs, (_, c: string) => (c === 'n' ? '\n' : c));
  for (const match of text.matchAll(pattern)) {
    const key = unescape(match[2] ?? '');
    if ((PARAM_KEYS as readonly string[]).includes(key)) out[key] = unescape(match[4] ?? '');
  }
  return out;
}

const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/** Spaces, line breaks, and invisible format characters (zero-width joiners, BOM): never counted. */
const UNCOUNTED = /[\s\p{Cc}\p{Cf}]/u;

/**
 * The length of a story in its reader's terms, one rule for the server (word_count) and every list
 * and reader:
 * - Chinese, Japanese and Korean text (more CJK characters than Latin words): 字数 / 文字数 / 글자 수,
 *   counted as "characters, no spaces" — every character except whitespace, punctuation included,
 *   as Microsoft Word's "Characters (no spaces)" (字符数(不计空格) / 文字数 (スペースを含めない) /
 *   글자 수(공백 제외)) counts them and as Japanese prizes and web-novel sites count 文字数 (空白・改行を除く).
 *   Each character is one Unicode code point, so a kanji outside the BMP counts once.
 * - Other text: words, as Word counts them (runs of letters and digits; apostrophes and hyphens
 *   inside a word keep it one; punctuation alone is not a word).
 * See docs/decisions/0037-vertical-reading-counts-ime.md.
 */
export function wordCount(text: string): number {
  const cjk = text.match(CJK_LETTER)?.length ?? 0;
  const latinWords = (text.replace(CJK_LETTER, ' ').match(WORD) ?? []).length;
  if (cjk === 0 || cjk < latinWords) return (text.match(WORD) ?? []).length;
  let count = 0;
  for (const char of text) if (!UNCOUNTED.test(char)) count++;
  return count;
}

/** Whether a story's length is told in characters (字数 / 文字数 / 글자 수) rather than words. */
export function countsCharacters(language: string): boolean {
  return language === 'zh-CN' || language === 'zh-TW' || language === 'ja' || language === 'ko';
}
