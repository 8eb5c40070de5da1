/** The five interface and generation languages (SPEC.md section 9). */
export const LANGUAGES = ['en', 'zh-CN', 'zh-TW', 'ko', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ko: '한국어',
  ja: '日本語',
};

/**
 * Maps a BCP 47 tag to one of the five languages, or null when unsupported.
 * zh-TW, zh-HK, zh-MO and zh-Hant are traditional Chinese; every other zh tag
 * falls back to simplified Chinese (SPEC.md section 9).
 */
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase().replace('_', '-');
  if (!t) return null;
  const [base, ...rest] = t.split('-');
  switch (base) {
    case 'en':
      return 'en';
    case 'ko':
      return 'ko';
    case 'ja':
      return 'ja';
    case 'zh': {
      if (rest.some((part) => ['tw', 'hk', 'mo', 'hant'].includes(part))) return 'zh-TW';
      return 'zh-CN';
    }
    default:
      return null;
  }
}

/** Picks the best supported language from an Accept-Language header (quality-ordered). */
export function pickFromAcceptLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const lang = normalizeLanguage(entry.tag);
    if (lang) return lang;
  }
  return null;
}
