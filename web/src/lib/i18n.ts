import type { Language } from '@butterfic/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import ja from '../locales/ja.json';
import ko from '../locales/ko.json';
import zhCN from '../locales/zh-CN.json';
import zhTW from '../locales/zh-TW.json';
import { STORAGE_KEYS, storage, type UserInfo } from './storage';
import { detectLanguage, setActiveLanguage } from './language';

export const resources = {
  en: { translation: en },
  'zh-CN': { translation: zhCN },
  'zh-TW': { translation: zhTW },
  ko: { translation: ko },
  ja: { translation: ja },
} as const;

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
