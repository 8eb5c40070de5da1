import type { Language } from '@butterfic/contract';

/** A signed Butter amount in the reader's language: +30, −6, and 0 for a pass row. */
export function formatAmount(amount: number, language: Language): string {
  return new Intl.NumberFormat(language, { signDisplay: 'exceptZero' }).format(amount);
}
