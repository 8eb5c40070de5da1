/**
 * Simplified ⇄ Traditional Chinese by phrase, with Taiwan usage (OpenCC's s2twp and tw2sp through
 * the opencc-js package: 软件 → 軟體, 打印机 → 印表機, not character by character). The dictionaries
 * (about 1 MB for s2twp) load only when a reader turns the conversion on. The original text stays
 * what the author wrote: copies and edits use it. With the text go its quotation marks (“” ‘’ of
 * Simplified text, 「」『』 of Traditional: mainland quotes lie sideways in vertical text), and the
 * story's two character names stay as the author wrote them (issue 48).
 */
export type ScriptDirection = 's2t' | 't2s';
export type Convert = (text: string) => string;

const loaders: Record<ScriptDirection, () => Promise<Convert>> = {
  s2t: () => import('opencc-js/cn2t').then((m) => m.Converter({ from: 'cn', to: 'twp' })),
  t2s: () => import('opencc-js/t2cn').then((m) => m.Converter({ from: 'twp', to: 'cn' })),
};
const loaded = new Map<ScriptDirection, Promise<Convert>>();

export function loadConverter(direction: ScriptDirection): Promise<Convert> {
  let converter = loaded.get(direction);
  if (!converter) {
    converter = loaders[direction]();
    // A failed load (offline) may be tried again later.
    converter.catch(() => loaded.delete(direction));
    loaded.set(direction, converter);
  }
  return converter;
}

/** Which conversion a story offers its reader: a Simplified story to a zh-TW reader, a Traditional one to a zh-CN reader. */
export function directionFor(storyLanguage: string, readerLanguage: string): ScriptDirection | null {
  if (storyLanguage === 'zh-CN' && readerLanguage === 'zh-TW') return 's2t';
  if (storyLanguage === 'zh-TW' && readerLanguage === 'zh-CN') return 't2s';
  return null;
}

/** Quotation marks each way: “” ‘’ (zh-CN) ⇄ 「」 『』 (zh-TW). */
const QUOTES: Record<ScriptDirection, Record<string, string>> = {
  s2t: { '“': '「', '”': '」', '‘': '『', '’': '』' },
  t2s: { '「': '“', '」': '”', '『': '‘', '』': '’' },
};
const LATIN = /[A-Za-z]/u;

/** The marks of one script as the other's; a ’ or ‘ inside a Latin word (Ines’s) is an apostrophe and stays. */
export function mapQuotes(text: string, direction: ScriptDirection): string {
  const table = QUOTES[direction];
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const mapped = table[char];
    const apostrophe = (char === '’' || char === '‘') && LATIN.test(text[i - 1] ?? '') && LATIN.test(text[i + 1] ?? '');
    out += mapped === undefined || apostrophe ? char : mapped;
  }
  return out;
}

/** Private-use marks that stand in for a name while the rest converts (OpenCC leaves them as they are). */
const HOLD_START = 0xe000;

/**
 * `text` converted with `convert`, its quotation marks mapped and `names` (the story's two
 * characters) left exactly as written: 沈 in 沈星河 is not 瀋, 后 in 后羿 not 後.
 */
export function convertStory(text: string, { convert, direction, names = [] }: { convert: Convert; direction: ScriptDirection; names?: readonly string[] }): string {
  const kept = [...new Set(names.map((name) => name.trim()).filter(Boolean))].sort((a, b) => b.length - a.length).slice(0, 16);
  let held = text;
  kept.forEach((name, i) => {
    held = held.split(name).join(String.fromCharCode(HOLD_START + i));
  });
  let shown = mapQuotes(convert(held), direction);
  kept.forEach((name, i) => {
    shown = shown.split(String.fromCharCode(HOLD_START + i)).join(name);
  });
  return shown;
}
