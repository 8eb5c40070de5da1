/**
 * Text as the safety check reads it: NFKC (full-width digits and letters,
 * half-width kana and compatibility forms folded), zero-width, format and
 * control characters removed (so a word split by U+200B is one word again),
 * every run of white space one space (one line break when it held one: the
 * end of a line ends a phrase), and lower case.
 */
// eslint-disable-next-line no-misleading-character-class -- the class lists lone joiners and variation selectors on purpose
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;
// C0/C1 controls except tab and line breaks (those become spaces below).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;

export function normalize(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(CONTROL, '').replace(/\s+/gu, (run) => (/[\n\r\u2028\u2029]/u.test(run) ? '\n' : ' ')).toLowerCase();
}
