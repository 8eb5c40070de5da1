import { estimateTokens, type TokenCounter } from './tokens';

/**
 * Codex triggers (issue 49, docs/decisions/0055-writers-room.md), after SillyTavern's World Info and
 * NovelAI's lorebook: an entry goes into a chapter's prompt when it is `always`, or when its name or an
 * alias stands in the texts that say what the next chapter is about. Whole words in space-separated
 * languages, any occurrence in Chinese and Japanese, a Korean name bare or with its particles.
 * Case and width are folded (NFKC, then lower case). A matched entry's own text can trigger others
 * (two steps at most). Matches share a token budget; past it the most recently named win.
 */
export type CodexInput = { uid: string; name: string; aliases: string[]; text: string; always: boolean };

/** Where an entry can be named, oldest first (a later source is "more recent"). */
export type TriggerSources = { plot?: string; pinned?: string[]; story?: string; note?: string; direction?: string | null; beats?: string[] };

export type Fired = { entry: CodexInput; always: boolean; recency: number; depth: number };

/** How deep a matched entry's text may trigger others. */
export const CODEX_RECURSION = 2;
/** How much of the story's recent text is scanned for names, in characters. */
export const RECENT_SCAN_CHARS = 4000;

/** Case and width folded: full-width Latin and digits to ASCII, half-width kana to full width, then lower case. */
export const fold = (text: string): string => text.normalize('NFKC').toLowerCase();

const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const HANGUL = /\p{Script=Hangul}/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Korean particles and endings that may follow a name (이/가, 은/는, 을/를, 의, 에게 …), longest first. */
const PARTICLES = [
  '에게서', '한테서', '께서는', '이라고', '이랑', '에게', '한테', '에서', '으로', '께서', '처럼', '보다', '부터', '까지', '하고', '라고', '이나', '이며', '이여',
  '이', '가', '은', '는', '을', '를', '의', '에', '께', '와', '과', '랑', '도', '만', '로', '야', '아', '님', '씨', '나', '여',
].sort((a, b) => b.length - a.length);
const PARTICLE_TAIL = new RegExp(`^(?:${PARTICLES.join('|')}){1,2}$`, 'u');

/** Whether `rest` (the Hangul run right after a Korean name) is empty or particles. */
const particlesOnly = (rest: string) => rest === '' || PARTICLE_TAIL.test(rest);

/** The Hangul run starting at `from` in `text`. */
function hangulRun(text: string, from: number): string {
  let end = from;
  while (end < text.length && HANGUL.test(text[end]!)) end++;
  return text.slice(from, end);
}

/** Every index where folded `term` stands in folded `text` by the rules of its script (the end of the match). */
export function termPositions(text: string, term: string): number[] {
  const found: number[] = [];
  if (!term) return found;
  const cjk = HAN_OR_KANA.test(term);
  const korean = !cjk && HANGUL.test(term);
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const before = at > 0 ? text[at - 1]! : '';
    const end = at + term.length;
    const after = text[end] ?? '';
    if (cjk) found.push(end);
    else if (korean) {
      if (!(before && HANGUL.test(before)) && particlesOnly(hangulRun(text, end))) found.push(end);
    } else if (!(before && WORD_CHAR.test(before) && WORD_CHAR.test(term[0]!)) && !(after && WORD_CHAR.test(after) && WORD_CHAR.test(term.at(-1)!))) {
      found.push(end);
    }
  }
  return found;
}

/** The last place (in folded `text`) any of the entry's names stands, or -1. */
export function lastNamed(text: string, entry: Pick<CodexInput, 'name' | 'aliases'>): number {
  let last = -1;
  for (const term of [entry.name, ...entry.aliases]) {
    const folded = fold(term).trim();
    for (const end of termPositions(text, folded)) last = Math.max(last, end);
  }
  return last;
}

/** The sources as one folded text, oldest first, with the chapter's asks last. */
export function scanText(sources: TriggerSources): string {
  const story = sources.story ? sources.story.slice(-RECENT_SCAN_CHARS) : '';
  const parts = [sources.plot ?? '', ...(sources.pinned ?? []), story, sources.note ?? '', sources.direction ?? '', ...(sources.beats ?? [])];
  return fold(parts.filter(Boolean).join('\n'));
}

/** The entries that fire, always-entries first, then by how recently they were named (recursion two steps at most). */
export function matchCodex(entries: CodexInput[], sources: TriggerSources): Fired[] {
  const text = scanText(sources);
  const fired = new Map<string, Fired>();
  for (const entry of entries) {
    if (entry.always) {
      fired.set(entry.uid, { entry, always: true, recency: Number.MAX_SAFE_INTEGER, depth: 0 });
      continue;
    }
    const at = lastNamed(text, entry);
    if (at >= 0) fired.set(entry.uid, { entry, always: false, recency: at, depth: 0 });
  }
  let frontier = [...fired.values()];
  for (let depth = 1; depth <= CODEX_RECURSION && frontier.length; depth++) {
    const next: Fired[] = [];
    for (const source of frontier) {
      const inner = fold(source.entry.text);
      for (const entry of entries) {
        if (fired.has(entry.uid) || lastNamed(inner, entry) < 0) continue;
        // Named by an entry: as recent as the entry that named it, just behind it.
        const hit = { entry, always: false, recency: Math.min(source.recency, text.length) - depth / 10, depth };
        fired.set(entry.uid, hit);
        next.push(hit);
      }
    }
    frontier = next;
  }
  return [...fired.values()].sort((a, b) => Number(b.always) - Number(a.always) || b.recency - a.recency);
}

/** The fired entries within `budget` tokens (always-entries first, then the most recently named), in the codex's order. */
export function withinBudget(fired: Fired[], budget: number, cost: (entry: CodexInput) => number): Fired[] {
  const kept = new Set<Fired>();
  let used = 0;
  for (const hit of fired) {
    const tokens = cost(hit.entry);
    if (used + tokens > budget) continue;
    kept.add(hit);
    used += tokens;
  }
  return fired.filter((hit) => kept.has(hit));
}

/** One entry as the prompt quotes it (JSON data). */
export const entryLine = (entry: CodexInput): string =>
  JSON.stringify({ name: entry.name, ...(entry.aliases.length && { aliases: entry.aliases }), text: entry.text });

/** The entries for a prompt: matched, then fitted to the budget (default a sixth of the context). */
export function codexFor(
  entries: CodexInput[],
  sources: TriggerSources,
  options: { budget: number; count?: TokenCounter },
): Fired[] {
  const count = options.count ?? estimateTokens;
  return withinBudget(matchCodex(entries, sources), options.budget, (entry) => count(entryLine(entry)) + 1);
}
