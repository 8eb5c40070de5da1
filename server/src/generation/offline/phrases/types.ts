/**
 * Phrase banks of the built-in offline writer, one file per language. The
 * writer picks and fills templates with a seeded random generator, so the
 * same inputs give the same story and different inputs give different ones.
 *
 * Placeholders in every template:
 *   {A}      character A's name
 *   {B}      character B as a subject: their name (third person), "I" (first), "you" (second)
 *   {Bobj}   character B as an object: name / "me" / "you"
 *   {Bposs}  character B's possessive: "Name's" / "my" / "your"
 *   {place}  a place word picked from `places`
 *   {time}   a time-of-day phrase picked from `times`
 *   {plot}   the user's plot, verbatim (a full sentence or more)
 *   {settingA} / {settingB}   the user's settings for A and B, verbatim (may be several sentences)
 *   [x|y|z]  pick by perspective: x for third person, y for first person, z for second person
 *            (e.g. English verb agreement: "{B} [was|was|were] late")
 *
 * Templates must read naturally for ANY names, settings and plots, so they
 * frame the user's text ("Everyone who knew {A} would have said it plainly: {settingA}")
 * instead of depending on its grammar.
 */
export type PhraseBank = {
  /** Chapter 1 opening paragraph, sets the scene and quotes the premise via {plot}. */
  openings: string[];
  /** A paragraph introducing A through {settingA}. */
  introA: string[];
  /** A paragraph introducing B through {settingB} (perspective aware). */
  introB: string[];
  /** Descriptive paragraphs of the two together (atmosphere, glances, small gestures). */
  description: string[];
  /** Short exchanges: each item is a whole paragraph of 2–4 lines of dialogue with tags, using the language's quotation marks. */
  dialogue: string[];
  /** Rising tension / the turn of the chapter (general rating). */
  turnGeneral: string[];
  /** Rising romantic tension for spicy stories: charged, sensual but not explicit. */
  turnSpicy: string[];
  /** Closing paragraph of a chapter that leaves a hook for continuing. */
  endings: string[];
  /** Opening paragraph of a continuation chapter (picks up where the story left off). */
  continuations: string[];
  /** Place words for {place}. */
  places: string[];
  /** Time phrases for {time}. */
  times: string[];
};
