/**
 * Simplified ⇄ Traditional Chinese by phrase, with Taiwan usage (OpenCC's s2twp and tw2sp through
 * the opencc-js package: 软件 → 軟體, 打印机 → 印表機, not character by character). The dictionaries
 * (about 1 MB for s2twp) load only when a reader turns the conversion on. The original text stays
 * what the author wrote: copies and edits use it.
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
