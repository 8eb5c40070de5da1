import {
  CreatePostBody,
  DeletePostResult,
  EditPostBody,
  envelope,
  MyPostsQuery,
  Post,
  PostListQuery,
  PostPage,
  PostRef,
} from '@butterfic/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LARGE_TEXT_CHARS, LIMITS } from '../../lib/limits';
import { limitJudgedWrite, rateLimit } from '../../lib/rate-limit';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { changes } from '../../plugins/cache';
import { answerOnce } from '../../plugins/serializer';
import { readingRoutes } from './reading-routes';
import * as service from './service';
import { userKey, viewDay, visitorKey } from './views';

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.database.db;
  const required = { preHandler: app.authenticate };
  /** A post written, edited or deleted changes the post feed and the caller's lists, no account. */
  const writes = { ...required, config: changes('post-feed', 'mine') };
  const optional = { preHandler: app.authenticateOptional };
  // The feed's shared cached page is sent as the bytes serialised the first time (docs/decisions/0040).
  const answer = answerOnce();
  const viewsKey = Buffer.concat([Buffer.from(deps.secrets.jwtKey), Buffer.from(':views')]);

  /** Counts a reader's view (never the author's): buffered, written by the flusher. */
  const countView = (request: FastifyRequest, post: { uid: string; author_uid: string }) => {
    const viewer = request.user;
    if (viewer?.uid === post.author_uid) return;
    const day = viewDay();
    const key = viewer ? userKey(viewer.uid) : visitorKey(viewsKey, request.ip, day);
    deps.views.record(post.uid, key, day);
  };

  /** A long text is read whole by the safety check: an account may send only so many an hour. */
  const limitLarge = async (uid: string, content: string) => {
    if (content.length > LARGE_TEXT_CHARS) await rateLimit(db, `large-text:user:${uid}`, LIMITS.largeTextPerAccount);
  };

  app.post('/post/create/', { ...writes, schema: { body: CreatePostBody, response: { 200: envelope(Post) } } }, async (request) => {
    const user = currentUser(request);
    await limitLarge(user.uid, request.body.content);
    await limitJudgedWrite(db, user.uid);
    return ok(await service.createPost(db, { safety: deps.safety, user, body: request.body }));
  });

  app.post('/post/edit/', { ...writes, schema: { body: EditPostBody, response: { 200: envelope(Post) } } }, async (request) => {
    const user = currentUser(request);
    await limitLarge(user.uid, request.body.content);
    await limitJudgedWrite(db, user.uid);
    return ok(await service.editPost(db, { safety: deps.safety, user, body: request.body }));
  });

  app.post('/post/delete/', { ...writes, schema: { body: PostRef, response: { 200: envelope(DeletePostResult) } } }, async (request) =>
    ok(await service.deletePost(db, { user: currentUser(request), uid: request.body.post_uid })),
  );

  app.get('/post/details/', { ...optional, schema: { querystring: PostRef, response: { 200: envelope(Post) } } }, async (request) => {
    const post = await service.postDetails(db, { viewer: request.user, uid: request.query.post_uid });
    countView(request, post);
    return ok(post);
  });

  app.get(
    '/post/list/',
    { ...optional, schema: { querystring: PostListQuery, response: { 200: envelope(PostPage) } } },
    async (request, reply) => answer(reply, await service.listPublic(db, { viewer: request.user, query: request.query, cache: app.cache })),
  );

  await app.register(readingRoutes);

  app.get('/post/mine/', { ...required, schema: { querystring: MyPostsQuery, response: { 200: envelope(PostPage) } } }, async (request) =>
    ok(await service.listMine(db, { user: currentUser(request), query: request.query })),
  );
};
