import { LANGUAGE_NAMES, type Language } from '@butterfic/contract/client';

/** A moment (epoch seconds) as a date and time in the reader's language: ledger rows, pass ends, story dates. */
export function formatDateTime(epochSeconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochSeconds * 1000));
}

/** A Butter amount as the wallet and profile show it: always two decimals (0.00 when unknown). */
export function formatButter(balance: number | null | undefined): string {
  const value = typeof balance === 'number' && Number.isFinite(balance) ? balance : 0;
  return value.toFixed(2);
}

const DISPLAY_CODES: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant', ko: 'ko', ja: 'ja' };

/**
 * A language's name inside a sentence, written in the interface language ("Japanese", 日语, 일본어),
 * not in its own (日本語): menus that list the languages keep LANGUAGE_NAMES.
 */
export function languageName(language: Language, interfaceLanguage: string): string {
  try {
    return new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(DISPLAY_CODES[language]) ?? LANGUAGE_NAMES[language];
  } catch {
    return LANGUAGE_NAMES[language];
  }
}
