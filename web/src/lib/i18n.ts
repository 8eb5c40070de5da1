import type { Language } from '@butterfic/contract';
import { LANGUAGES } from '@butterfic/contract/client';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage, type UserInfo } from './storage';
import { addJosaFormats } from './josa';
import { detectLanguage, setActiveLanguage } from './language';

/**
 * Each language is a folder of JSON parts (locales/<lang>/<part>.json), one
 * part per feature; locales/<lang>.ts merges them into one chunk, loaded only
 * when that language is used (English always, as the fallback).
 */
const BUNDLES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/en'),
  'zh-CN': () => import('../locales/zh-CN'),
  'zh-TW': () => import('../locales/zh-TW'),
  ko: () => import('../locales/ko'),
  ja: () => import('../locales/ja'),
};

async function loadLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const { default: translation } = await BUNDLES[lang]();
  i18n.addResourceBundle(lang, 'translation', translation, true, true);
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = detectLanguage();
  setActiveLanguage(lng);
  await i18n.use(initReactI18next).init({
    resources: {},
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Korean particles after an interpolated word: {{email}}{{email, 으로}} (lib/josa.ts).
  if (i18n.services.formatter) addJosaFormats(i18n.services.formatter);
  await Promise.all([loadLanguage('en'), loadLanguage(lng)]);
  await i18n.changeLanguage(lng);
  return i18n;
}

/** Applies a language at once and remembers it (in the user info when logged in). */
export async function changeLanguage(lang: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, lang);
  const info = storage.getJson<UserInfo>(STORAGE_KEYS.userInfo);
  if (info) storage.setJson(STORAGE_KEYS.userInfo, { ...info, language: lang });
  await loadLanguage(lang);
  setActiveLanguage(lang);
  await i18n.changeLanguage(lang);
}
