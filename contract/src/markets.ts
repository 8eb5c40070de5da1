import type { Language } from './languages';

/**
 * The markets the policy texts are written for, one per interface language (docs/decisions/0054). A text in
 * Korean is the Korean market's text, and so on; English is the text for everyone else.
 *
 * The minimum age each market's texts and sign-up checkbox state, the legal floor first:
 * - ko: 만 14세 — 개인정보 보호법 art. 22-2 asks a legal guardian's consent below 14, and Butterfic has no such flow;
 * - zh-CN: 14 周岁 — 个人信息保护法 art. 31 (a minor under 14's information is sensitive and needs a guardian);
 * - en, zh-TW, ja: 13 (SPEC.md section 1).
 * An operator may raise a market's age (`MIN_AGES`), never lower it below the floor.
 */
export const MIN_AGE_FLOOR: Readonly<Record<Language, number>> = { en: 13, 'zh-CN': 14, 'zh-TW': 13, ko: 14, ja: 13 };

/** Ages above this are not a minimum age for a reading app (a typo such as 140 is refused at start-up). */
export const MIN_AGE_CEILING = 21;

export type MinAges = Record<Language, number>;

/** The age one market's pages state, from the server's table (or the floors while it has not answered). */
export function minAgeFor(language: Language, ages: Partial<MinAges> | null | undefined): number {
  return Math.max(ages?.[language] ?? 0, MIN_AGE_FLOOR[language]);
}
