/**
 * What a story prompt and a memory prompt say in one language (issue 48): the style notes sent with
 * every chapter in that language (first chapter, continuation, new version) and the memory prompt,
 * written in the language itself so the memory — and its facts heading — come back in it.
 */
export type LanguageNotes = {
  /** The heading of the style notes, then one line each. */
  styleHeading: string;
  style: readonly string[];
  memory: {
    /** The memory prompt's system message, line by line; names the facts heading. */
    system: readonly string[];
    /** The line the facts follow ("Key facts:", 「重要な事実：」…). */
    factsHeading: string;
    characters: string;
    pinned: string;
    previous: string;
    noneYet: string;
    chapter: string;
  };
};
