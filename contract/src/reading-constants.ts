/** The reading layer's limits and names (issue 51), without zod for the web app. */
export const TAG_KINDS = ['fandom', 'relationship', 'character', 'freeform'] as const;
export type TagKind = (typeof TAG_KINDS)[number];
export const TAGS_MAX = 30;
export const TAG_NAME_MAX = 100;
/** AO3's archive warnings (`not_chosen`: "Creator chose not to use archive warnings"). */
export const WARNINGS = ['violence', 'character_death', 'non_consent', 'not_chosen', 'none'] as const;
export type Warning = (typeof WARNINGS)[number];
export const COMMENT_MAX = 5_000;
export const MUTES_MAX = 2_000;
export const EXCLUDE_TAGS_MAX = 30;
