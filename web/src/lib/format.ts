/** A moment (epoch seconds) as a date and time in the reader's language: ledger rows, pass ends, story dates. */
export function formatDateTime(epochSeconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochSeconds * 1000));
}

/** A Butter amount as the wallet and profile show it: always two decimals (0.00 when unknown). */
export function formatButter(balance: number | null | undefined): string {
  const value = typeof balance === 'number' && Number.isFinite(balance) ? balance : 0;
  return value.toFixed(2);
}
