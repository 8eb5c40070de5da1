import type { Currency } from '@butterfic/contract/client';

/**
 * A policy text as stored in content/<lang>/<doc>.json: plain strings only,
 * rendered by React (never as HTML). Inside a string, `{{email}}`,
 * `{{minAge}}` and the operator settings (`{{operatorName}}` …, inline.ts) are filled in, `**…**` is bold and `[label](/path)` links to a
 * screen of the app (see inline.ts).
 */
/**
 * `dl`: rows of a term and its value (the commercial disclosure's table). `prices`: the price table in one
 * currency, one row per product of the server's one table (contract/src/products.ts); the strings name the
 * rows (`{{butter}}`, `{{days}}`) and follow each price (`suffix`, e.g. 税込).
 */
export type PriceTable = { currency: Currency; butter: string; hour: string; days: string; suffix: string };
export type PolicyBlock = { p: string } | { ul: string[] } | { dl: [string, string][] } | { prices: PriceTable };

export type PolicySection = {
  /** The anchor (`#privacy`); the same in every language. */
  id: string;
  heading: string;
  blocks: PolicyBlock[];
};

export type PolicyText = {
  lead: string[];
  sections: PolicySection[];
  /** Closing lines (the about page's footer). */
  footer?: string[];
};

/** The texts written in all five languages. */
export const POLICY_DOCS = ['agreement', 'about'] as const;
/**
 * `commerce`: the Japanese 特定商取引法に基づく表記, written in Japanese only (ja/commerce.json); `privacy`: the
 * Korean 개인정보 처리방침 (개인정보 보호법 art. 30), written in Korean only (ko/privacy.json).
 */
export type PolicyDoc = (typeof POLICY_DOCS)[number] | 'commerce' | 'privacy';

/** Section anchors, fixed across languages so links such as /user-agreement#privacy work in all of them. */
export const SECTION_IDS: Record<PolicyDoc, readonly string[]> = {
  agreement: ['legal-duties', 'your-creations', 'violations', 'refunds', 'privacy', 'operator'],
  about: ['intro', 'community-guidelines', 'contact'],
  commerce: ['disclosure', 'prices'],
  privacy: [
    'purposes',
    'items',
    'retention',
    'third-parties',
    'entrustment',
    'abroad',
    'destruction',
    'rights',
    'safety',
    'officer',
    'device-storage',
    'minors',
    'business',
    'changes',
  ],
};
