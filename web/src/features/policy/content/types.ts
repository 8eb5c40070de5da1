/**
 * A policy text as stored in content/<lang>/<doc>.json: plain strings only,
 * rendered by React (never as HTML). Inside a string, `{{email}}`,
 * `{{minAge}}` and the operator settings (`{{operatorName}}` …, inline.ts) are filled in, `**…**` is bold and `[label](/path)` links to a
 * screen of the app (see inline.ts).
 */
/** `dl`: rows of a term and its value (the commercial disclosure's table). */
export type PolicyBlock = { p: string } | { ul: string[] } | { dl: [string, string][] };

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
/** `commerce`: the Japanese 特定商取引法に基づく表記, written in Japanese only (ja/commerce.json). */
export type PolicyDoc = (typeof POLICY_DOCS)[number] | 'commerce';

/** Section anchors, fixed across languages so links such as /user-agreement#privacy work in all of them. */
export const SECTION_IDS: Record<PolicyDoc, readonly string[]> = {
  agreement: ['legal-duties', 'your-creations', 'violations', 'refunds', 'privacy', 'operator'],
  about: ['intro', 'community-guidelines', 'contact'],
  commerce: ['disclosure'],
};
