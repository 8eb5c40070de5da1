import { LANGUAGES, type Language } from '@butterfic/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage, type UserInfo } from './storage';
import { detectLanguage, setActiveLanguage } from './language';

/**
 * Each language is a folder of JSON parts (locales/<lang>/<part>.json), one
 * part per feature so features can be translated independently; the parts
 * are merged into one translation per language.
 */
const parts = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    {
      translation: Object.entries(parts)
        .filter(([file]) => file.split('/').at(-2) === lang)
        .reduce<Record<string, unknown>>((all, [, part]) => ({ ...all, ...part }), {}),
    },
  ]),
) as Record<Language, { translation: Record<string, unknown> }>;

export function initI18n(): typeof i18n {
  const lng = detectLanguage();
  setActiveLanguage(lng);
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}

/** Applies a language at once and remembers it (in the user info when logged in). */
export async function changeLanguage(lang: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, lang);
  const info = storage.getJson<UserInfo>(STORAGE_KEYS.userInfo);
  if (info) storage.setJson(STORAGE_KEYS.userInfo, { ...info, language: lang });
  setActiveLanguage(lang);
  await i18n.changeLanguage(lang);
}
