import type { Language } from '@butterfic/contract';

/** A signed Butter amount in the reader's language: +30, −6. */
export function formatAmount(amount: number, language: Language): string {
  return new Intl.NumberFormat(language, { signDisplay: 'always' }).format(amount);
}
