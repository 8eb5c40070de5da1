import type { Language } from '@butterfic/contract';
import { LANGUAGES, normalizeLanguage } from '@butterfic/contract/client';
import { STORAGE_KEYS, storage, type UserInfo } from './storage';

export const FALLBACK_LANGUAGE: Language = 'zh-TW';

/**
 * SPEC.md section 9: the stored user info's language, else the language chosen
 * on /change-language while logged out, else the browser's, else zh-TW.
 */
export function detectLanguage(): Language {
  const info = storage.getJson<UserInfo>(STORAGE_KEYS.userInfo);
  const fromUser = normalizeLanguage(info?.language);
  if (fromUser) return fromUser;
  const chosen = normalizeLanguage(storage.get(STORAGE_KEYS.language));
  if (chosen) return chosen;
  const browser = typeof navigator !== 'undefined' ? [...(navigator.languages ?? []), navigator.language] : [];
  for (const tag of browser) {
    const lang = normalizeLanguage(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}

let active: Language = FALLBACK_LANGUAGE;
export const currentLanguage = (): Language => active;
export function setActiveLanguage(lang: Language): void {
  active = lang;
  document.documentElement.lang = lang;
}

export const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);
