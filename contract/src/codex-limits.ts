/** Codex sizes the form and the server share (issue 49, docs/decisions/0055-writers-room.md). */
export const CODEX_ENTRIES_MAX = 100;
export const CODEX_NAME_MAX = 80;
export const CODEX_ALIASES_MAX = 10;
export const CODEX_TEXT_MAX = 1000;

/** The parts of a prompt the context view shows. */
export const CONTEXT_KINDS = ['instructions', 'settings', 'memory', 'pinned', 'note', 'codex', 'retrieved', 'story', 'direction', 'beats'] as const;
export type ContextKind = (typeof CONTEXT_KINDS)[number];
