import {
  AuthorPage,
  AuthorRef,
  BookmarkResult,
  Comment,
  CommentPage,
  CommentRef,
  CommentsQuery,
  CreateCommentBody,
  DeleteCommentResult,
  envelope,
  FollowResult,
  InboxUnread,
  KudosResult,
  MuteResult,
  PageQuery,
  PostPage,
  PostRef,
  ReadingSettings,
  ReadingSettingsBody,
} from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { changes } from '../../plugins/cache';
import { listBookmarks, toggleBookmark } from './bookmarks';
import { createComment, deleteComment, listComments } from './comments';
import { inbox, inboxUnread, listAuthors, toggleFollow, toggleMute } from './follows';
import { giveKudos } from './kudos';
import { getReadingSettings, saveReadingSettings } from './reading-settings';

/** Issue 51's routes: kudos, comments, bookmarks, following and the inbox, muting, reading settings. */
export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.database.db;
  const required = { preHandler: app.authenticate };
  const optional = { preHandler: app.authenticateOptional };
  /** Writes no feed page shows (a feed filtered by mutes or saved filters is never kept). */
  const quiet = { ...required, config: changes() };

  app.post(
    '/post/kudos/',
    // The feed's rows carry kudos_count.
    { ...required, config: changes('post-feed'), schema: { body: PostRef, response: { 200: envelope(KudosResult) } } },
    async (request) => ok(await giveKudos(db, { user: currentUser(request), postUid: request.body.post_uid })),
  );

  app.get(
    '/post/comments/',
    { ...optional, schema: { querystring: CommentsQuery, response: { 200: envelope(CommentPage) } } },
    async (request) => ok(await listComments(db, { viewer: request.user, postUid: request.query.post_uid, page: request.query.page })),
  );
  app.post('/post/comment/', { ...quiet, schema: { body: CreateCommentBody, response: { 200: envelope(Comment) } } }, async (request) =>
    ok(await createComment(db, { user: currentUser(request), safety: deps.safety, body: request.body })),
  );
  app.post(
    '/post/comment/delete/',
    { ...quiet, schema: { body: CommentRef, response: { 200: envelope(DeleteCommentResult) } } },
    async (request) => ok(await deleteComment(db, { user: currentUser(request), commentUid: request.body.comment_uid })),
  );

  app.post('/post/bookmark/', { ...quiet, schema: { body: PostRef, response: { 200: envelope(BookmarkResult) } } }, async (request) =>
    ok(await toggleBookmark(db, { user: currentUser(request), postUid: request.body.post_uid })),
  );
  app.get('/post/bookmarks/', { ...required, schema: { querystring: PageQuery, response: { 200: envelope(PostPage) } } }, async (request) =>
    ok(await listBookmarks(db, { user: currentUser(request), page: request.query.page })),
  );

  app.post('/user/follow/', { ...quiet, schema: { body: AuthorRef, response: { 200: envelope(FollowResult) } } }, async (request) =>
    ok(await toggleFollow(db, { user: currentUser(request), authorUid: request.body.author_uid })),
  );
  app.get(
    '/user/following/',
    { ...required, schema: { querystring: PageQuery, response: { 200: envelope(AuthorPage) } } },
    async (request) => ok(await listAuthors(db, { user: currentUser(request), which: 'following', page: request.query.page })),
  );
  app.get('/user/inbox/', { ...required, schema: { querystring: PageQuery, response: { 200: envelope(PostPage) } } }, async (request) =>
    ok(await inbox(db, { user: currentUser(request), page: request.query.page })),
  );
  app.get('/user/inbox/unread/', { ...required, schema: { response: { 200: envelope(InboxUnread) } } }, async (request) =>
    ok(await inboxUnread(db, { user: currentUser(request) })),
  );

  app.post('/user/mute/', { ...quiet, schema: { body: AuthorRef, response: { 200: envelope(MuteResult) } } }, async (request) =>
    ok(await toggleMute(db, { user: currentUser(request), authorUid: request.body.author_uid })),
  );
  app.get('/user/muted/', { ...required, schema: { querystring: PageQuery, response: { 200: envelope(AuthorPage) } } }, async (request) =>
    ok(await listAuthors(db, { user: currentUser(request), which: 'muted', page: request.query.page })),
  );

  app.get('/user/reading/', { ...required, schema: { response: { 200: envelope(ReadingSettings) } } }, async (request) =>
    ok(await getReadingSettings(db, { user: currentUser(request) })),
  );
  app.post(
    '/user/reading/',
    { ...quiet, schema: { body: ReadingSettingsBody, response: { 200: envelope(ReadingSettings) } } },
    async (request) => ok(await saveReadingSettings(db, { user: currentUser(request), changes: request.body })),
  );
};
