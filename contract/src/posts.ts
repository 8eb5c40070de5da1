import { z } from 'zod';
import { POST_CONTENT_MAX, POST_TITLE_MAX, WRITERS } from './constants';
export { POST_CONTENT_MAX, POST_EXCERPT_LENGTH, POST_TITLE_MAX } from './constants';
import { LANGUAGES } from './languages';
import { Takedown } from './moderation';
import { TagList, TagNames, TagOut, WarningList } from './reading';

const flag = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]));
const uid = z.string().trim().min(1).max(64);
/** SPEC.md section 5: title and content are both required; the messages are the form's prompts. */
const title = z.string().trim().min(1, 'enter title').max(POST_TITLE_MAX);
const content = z
  .string()
  .trim()
  .min(1, 'enter content')
  .max(POST_CONTENT_MAX)
  // Stored as plain text: line ends are normalised, nothing else is touched (never rendered as HTML).
  .transform((text) => text.replace(/\r\n?/g, '\n'));

/** POST /post/create/ (SPEC.md section 7). `novel_id` binds the post to one of the author's novels. */
export const CreatePostBody = z.object({
  title,
  content,
  /** SPEC.md's client always sends the field: `""` or `null` is a post without a novel. */
  novel_id: z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), uid.optional()),
  novel_modified: flag.default(0),
  is_public: flag.default(1),
  /** Readers may download the post as an EPUB (issue 30); left out: 1. */
  allow_download: flag.default(1),
  language: z.enum(LANGUAGES),
  /** Issue 51: left out, a post bound to a novel starts with its two characters and their relationship. */
  tags: TagList.optional(),
  warnings: WarningList.optional(),
  /** The author turns comments off (1). */
  comments_off: flag.default(0),
  /** The form's key for this post: a retried create with the same key answers the post it made, never a second one. */
  request_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid request id')
    .optional(),
});
export type CreatePostBody = z.infer<typeof CreatePostBody>;

/** POST /post/edit/: author only. */
export const EditPostBody = z.object({
  post_uid: uid,
  title,
  content,
  novel_modified: flag.default(1),
  is_public: flag,
  /** Left out: unchanged. */
  allow_download: flag.optional(),
  /** Left out: unchanged (issue 51). */
  tags: TagList.optional(),
  warnings: WarningList.optional(),
  comments_off: flag.optional(),
});
export type EditPostBody = z.infer<typeof EditPostBody>;

export const PostRef = z.object({ post_uid: uid });

export const PostListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  language: z.enum(LANGUAGES).optional(),
  /** From page 1's answer: later pages are cut at the same point, so new posts never shift them. */
  snapshot: z.coerce.number().int().min(0).optional(),
  /** Issue 51: only posts with this tag (compared folded). */
  tag: z.string().max(200).optional().transform((name) => name?.replace(/\s+/g, ' ').trim() || undefined),
  /** Issue 51: comma-separated tag names; posts with any of them are left out. */
  exclude_tags: TagNames.optional(),
});

export const MyPostsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  snapshot: z.coerce.number().int().min(0).optional(),
});

/** Where the text came from: always this app; the writer and the persona of the bound novel when known. */
export const PostProvenance = z.object({
  app: z.literal('butterfic'),
  written_by: z.enum(WRITERS).nullable(),
  persona_uid: z.string().nullable(),
  persona_title: z.string().nullable(),
});

/** A post (SPEC.md section 3). `content` is plain text. */
export const Post = z.object({
  uid: z.string(),
  title: z.string(),
  content: z.string(),
  author_name: z.string(),
  author_uid: z.string(),
  views_count: z.number().int(),
  is_public: z.union([z.literal(0), z.literal(1)]),
  is_r18: z.union([z.literal(0), z.literal(1)]),
  /** The author lets readers download it as an EPUB (issue 30). */
  allow_download: z.union([z.literal(0), z.literal(1)]),
  /** The text's length: characters (no spaces) for Chinese, Japanese and Korean, words otherwise (wordCount). */
  word_count: z.number().int(),
  language: z.enum(LANGUAGES),
  novel_uid: z.string().nullable(),
  novel_modified: z.union([z.literal(0), z.literal(1)]),
  is_mine: z.boolean(),
  created_time: z.number().int(),
  updated_time: z.number().int(),
  published_time: z.number().int().nullable(),
  provenance: PostProvenance,
  /** Set only for the author of a post an operator took down (nobody else can see it). */
  takedown: Takedown.nullable(),
  /** Issue 51: in the author's order; the first is shown before the title. */
  tags: z.array(TagOut),
  warnings: WarningList,
  kudos_count: z.number().int(),
  comments_off: z.union([z.literal(0), z.literal(1)]),
  /** The caller's own facts about the post (post details only; false for visitors). */
  kudoed: z.boolean(),
  bookmarked: z.boolean(),
  following_author: z.boolean(),
  muted_author: z.boolean(),
});
export type Post = z.infer<typeof Post>;

/** List rows carry an excerpt instead of the whole text. */
export const PostSummary = Post.omit({ content: true, kudoed: true, bookmarked: true, following_author: true, muted_author: true }).extend({ excerpt: z.string() });
export type PostSummary = z.infer<typeof PostSummary>;

export const PostPage = z.object({
  results: z.array(PostSummary),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  snapshot: z.number().int(),
});
export type PostPage = z.infer<typeof PostPage>;

export const DeletePostResult = z.object({ deleted: z.literal(true) });
