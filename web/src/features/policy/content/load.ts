import type { Language } from '@butterfic/contract';
import type { PolicyDoc, PolicyText } from './types';

/** One chunk per language and text, downloaded only when that page is opened in that language. */
const TEXTS = import.meta.glob<PolicyText>('./*/*.json', { import: 'default' });

export function loadPolicyText(doc: PolicyDoc, language: Language): Promise<PolicyText> {
  const load = TEXTS[`./${language}/${doc}.json`] ?? TEXTS[`./en/${doc}.json`];
  if (!load) return Promise.reject(new Error(`no ${doc} text`));
  return load();
}
