import { z } from 'zod';

/**
 * The reading layer (issue 51): tags and warnings on posts, filters, kudos, comments, bookmarks,
 * following with an inbox, and muting. docs/contract.md keeps the full shapes.
 */

import { COMMENT_MAX, EXCLUDE_TAGS_MAX, TAG_KINDS, TAG_NAME_MAX, TAGS_MAX, WARNINGS } from './reading-constants';
export * from './reading-constants';

export const Tag = z.object({
  kind: z.enum(TAG_KINDS),
  /** Inner runs of white space become one space; compared folded (case, width, 简/繁). */
  name: z
    .string()
    .transform((name) => name.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'enter a tag').max(TAG_NAME_MAX)),
});
export type Tag = z.infer<typeof Tag>;
/** A tag as answered (no transform: response schemas encode). */
export const TagOut = z.object({ kind: z.enum(TAG_KINDS), name: z.string() });

export const TagList = z.array(Tag).max(TAGS_MAX);
export const WarningList = z.array(z.enum(WARNINGS)).max(WARNINGS.length);

const uid = z.string().trim().min(1).max(64);
const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** `exclude_tags` of the feed: comma-separated names (a full-width comma too). */
export const TagNames = z
  .string()
  .max(TAGS_MAX * (TAG_NAME_MAX + 1))
  .transform((value) =>
    value
      .split(/[,，、]/)
      .map((name) => name.replace(/\s+/g, ' ').trim())
      .filter((name) => name.length > 0),
  )
  .pipe(z.array(z.string().max(TAG_NAME_MAX)).max(EXCLUDE_TAGS_MAX));

export const KudosResult = z.object({ kudos_count: z.number().int(), kudoed: z.boolean() });
export type KudosResult = z.infer<typeof KudosResult>;

export const CommentsQuery = z.object({ post_uid: uid, page });
export const CreateCommentBody = z.object({
  post_uid: uid,
  content: z
    .string()
    .trim()
    .min(1, 'enter a comment')
    .max(COMMENT_MAX)
    .transform((text) => text.replace(/\r\n?/g, '\n')),
  parent_uid: uid.nullish(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBody>;
export const CommentRef = z.object({ comment_uid: uid });

export const Comment = z.object({
  uid: z.string(),
  post_uid: z.string(),
  parent_uid: z.string().nullable(),
  author_uid: z.string(),
  /** The pen name, never an e-mail address. */
  author_name: z.string(),
  content: z.string(),
  created_time: z.number().int(),
  /** The caller may delete it (its author, or the post's author). */
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;
export const CommentPage = z.object({
  results: z.array(Comment),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  /** Comments are turned off on this post: the list still answers, new ones are refused. */
  comments_off: z.boolean(),
});
export type CommentPage = z.infer<typeof CommentPage>;
export const DeleteCommentResult = z.object({ deleted: z.literal(true) });

export const BookmarkResult = z.object({ bookmarked: z.boolean() });

export const AuthorRef = z.object({ author_uid: uid });
export const FollowResult = z.object({ following: z.boolean() });
export const MuteResult = z.object({ muted: z.boolean() });
export const InboxUnread = z.object({ unread: z.number().int() });

/** A followed or muted account, by pen name. */
export const AuthorRow = z.object({ author_uid: z.string(), author_name: z.string(), since: z.number().int() });
export type AuthorRow = z.infer<typeof AuthorRow>;
export const AuthorPage = z.object({
  results: z.array(AuthorRow),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type AuthorPage = z.infer<typeof AuthorPage>;

/** A reader's saved filters and choices: applied to their feed and post pages. */
export const ReadingSettings = z.object({
  /** Names left out of the reader's feed and inbox, as typed. */
  exclude_tags: z.array(z.string()),
  /** Warnings and freeform tags stay hidden until tapped. */
  hide_spoilers: z.boolean(),
  /** The weekly mail of new posts by followed authors. */
  digest: z.boolean(),
});
export type ReadingSettings = z.infer<typeof ReadingSettings>;
export const ReadingSettingsBody = z.object({
  exclude_tags: z
    .array(
      z
        .string()
        .transform((name) => name.replace(/\s+/g, ' ').trim())
        .pipe(z.string().min(1).max(TAG_NAME_MAX)),
    )
    .max(EXCLUDE_TAGS_MAX)
    .optional(),
  hide_spoilers: z.boolean().optional(),
  digest: z.boolean().optional(),
});
