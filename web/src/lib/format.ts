/** A moment (epoch seconds) as a date and time in the reader's language: ledger rows, pass ends, story dates. */
export function formatDateTime(epochSeconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochSeconds * 1000));
}
