/** Co-writing in place (issue 50): sizes the form and the server share (no zod: the web bundle imports this). */
export const REVISE_COST = 1;
export const REVISE_INSTRUCTION_MAX = 400;
export const REVISE_VARIANTS_MAX = 3;
export const REVISE_VARIANTS_DEFAULT = 3;
export const BEATS_MAX = 12;
export const BEAT_MAX = 200;
export const DIRECTION_MAX = 400;
/** A chapter version keeps at most this many history entries; older ones are folded away. */
export const HISTORY_MAX = 100;
export const HISTORY_SOURCES = ['model', 'edit', 'revise', 'restore'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];
