/**
 * English phrases story models overuse (the "slop" lists readers and tool authors keep: SillyTavern and
 * KoboldCpp users' banned-phrase lists, the EQ-Bench creative-writing "slop" analysis, NovelAI and
 * r/WritingPrompts threads), written here from those sources and our own generated chapters. The first
 * twelve are twelve different tics, named in every chapter's prompt; the rest are measured only.
 * Lower case; matched as plain substrings, an overlap counted once.
 */
export const EN = [
  // Twelve different tics (named in the prompt)
  'a testament to', 'tapestry of', 'shivers down', 'couldn\'t help but', 'the air was thick with', 'barely above a whisper',
  'breath hitched', 'a mix of', 'palpable', 'ministrations', 'something shifted', 'maybe, just maybe',
  // Measured only
  'shiver down her spine', 'shiver down his spine', 'in that moment', 'a dance of', 'a mixture of', 'eyes sparkling with',
  'her heart skipped a beat', 'his heart skipped a beat', 'time seemed to stand still', 'the weight of the world',
  'a wave of', 'little did they know', 'unspoken', 'sent a jolt', 'a jolt of', 'her breath caught', 'his breath caught', 'smirked',
  'a knowing smile', 'mischievous glint', 'glint in her eye', 'glint in his eye', 'the world around them faded', 'as if on cue',
  'a comfortable silence', 'the silence stretched', 'hung in the air', 'hangs in the air', 'a symphony of', 'intoxicating', 'the scent of',
  'for the first time in a long time', 'a flicker of', 'a pang of', 'a surge of', 'ethereal', 'whispering promises',
  'with newfound', 'a newfound', 'the promise of', 'it was as if', 'can\'t shake the feeling', 'a sense of', 'stark contrast',
  'bustling', 'nestled', 'delve', 'labyrinth of', 'beacon of', 'whirlwind of', 'the ghost of a smile', 'heart pounding', 'pulse quickened',
];
