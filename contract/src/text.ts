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

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SEGMENT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}'’-]+/gu;

/** Words for Latin text, characters for Chinese, Japanese and Korean; spaces and punctuation never count. */
export function wordCount(text: string): number {
  let count = 0;
  for (const match of text.matchAll(SEGMENT)) {
    const token = match[0];
    if (CJK.test(token) || /[\p{L}\p{N}]/u.test(token)) count++;
  }
  return count;
}
