import {
  ContinueBody,
  EditNovelBody,
  envelope,
  GenerateBody,
  GenerateResult,
  Novel,
  NovelDetails,
  NovelListQuery,
  NovelMemory,
  NovelRef,
  SaveMemoryBody,
  page,
  SelectVersionBody,
  SteeredRewriteBody,
  StopResult,
} from '@butterfic/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitGenerationStarts } from '../../lib/account-limits';
import { LARGE_TEXT_CHARS, LIMITS } from '../../lib/limits';
import { limitJudgedWrite, rateLimit } from '../../lib/rate-limit';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { changes } from '../../plugins/cache';
import { answerOnce } from '../../plugins/serializer';
import { cowriteRoutes } from './cowrite-routes';
import { novelMemory, saveMemory } from './memory';
import * as service from './service';
import { startJob, type JobStart } from './start';
import { answerWithStream, streamNovel, wantsEventStream } from './stream';

export const novelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { env, safety } = deps;
  const db = deps.database.db;
  const required = { preHandler: app.authenticate };
  /** A story edited or published changes the feeds and the caller's lists, no account. */
  const writes = { ...required, config: changes('persona-feed', 'post-feed', 'mine') };
  /** Requests that start a job: MAX_GENERATIONS_PER_HOUR per account (429001, nothing charged). */
  const starts = { preHandler: [app.authenticate, limitGenerationStarts(deps)], config: changes() };

  /**
   * The JSON answer, or with `Accept: text/event-stream` the story on the same request (stream.ts). The
   * start changed the author's novel list (a new story, one now being written): this process forgets it
   * first (the start's route keeps the feeds' pages, and a streamed answer skips onSend).
   */
  const started = async <T extends { novel_uid: string; balance: number }>(
    request: FastifyRequest,
    reply: FastifyReply,
    result: T,
    chapter?: number,
  ) => {
    const { uid } = currentUser(request);
    app.cache.forget('novel', uid);
    return wantsEventStream(request) ? answerWithStream(deps, request, reply, ok(result), chapter) : ok(result);
  };
  // An author's list page, shared by its readers, is sent as the bytes serialised the first time (docs/decisions/0042).
  const answer = answerOnce();

  /** Every start call (generate, continue, rewrite) is one path: startJob (start.ts), then the answer above. */
  const start = async (request: FastifyRequest, reply: FastifyReply, job: JobStart, chapter?: number) =>
    started(request, reply, await startJob(db, { env, safety, user: currentUser(request), runner: deps.runner, start: job }), chapter);

  app.post(
    '/novel/generate/',
    { ...starts, schema: { body: GenerateBody, response: { 200: envelope(GenerateResult) } } },
    async (request, reply) => start(request, reply, { kind: 'generate', body: request.body }, 0),
  );

  app.post(
    '/novel/continuation/',
    { ...starts, schema: { body: ContinueBody, response: { 200: envelope(GenerateResult) } } },
    async (request, reply) =>
      start(request, reply, {
        kind: 'continue',
        novelUid: request.body.novel_uid,
        steering: { beats: request.body.beats, direction: request.body.direction },
      }),
  );

  app.post(
    '/novel/rewrite/',
    { ...starts, schema: { body: SteeredRewriteBody, response: { 200: envelope(GenerateResult) } } },
    async (request, reply) =>
      start(
        request,
        reply,
        {
          kind: 'rewrite',
          novelUid: request.body.novel_uid,
          chapterIndex: request.body.chapter_index,
          steering: { beats: request.body.beats, direction: request.body.direction },
        },
        request.body.chapter_index,
      ),
  );

  app.post(
    '/novel/select/',
    { ...required, schema: { body: SelectVersionBody, response: { 200: envelope(NovelDetails) } } },
    async (request) =>
      ok(
        await service.selectVersion(db, {
          user: currentUser(request),
          novelUid: request.body.novel_uid,
          chapterIndex: request.body.chapter_index,
          version: request.body.version,
        }),
      ),
  );

  app.post(
    '/novel/stop/',
    { ...writes, config: changes('mine'), schema: { body: NovelRef, response: { 200: envelope(StopResult) } } },
    async (request) =>
      ok(await service.stopGeneration(db, { hub: deps.hub, user: currentUser(request), novelUid: request.body.novel_uid })),
  );

  app.get(
    '/novel/list/',
    { ...required, schema: { querystring: NovelListQuery, response: { 200: envelope(page(Novel)) } } },
    async (request, reply) =>
      answer(
        reply,
        await service.listNovels(db, {
          viewer: currentUser(request),
          authorUid: request.query.author_uid,
          page: request.query.page,
          cache: app.cache,
        }),
      ),
  );

  app.get(
    '/novel/details/',
    { preHandler: app.authenticateOptional, schema: { querystring: NovelRef, response: { 200: envelope(NovelDetails) } } },
    async (request) => ok(await service.novelDetails(db, { viewer: request.user, uid: request.query.novel_uid })),
  );

  app.post('/novel/edit/', { ...writes, schema: { body: EditNovelBody, response: { 200: envelope(NovelDetails) } } }, async (request) => {
    const user = currentUser(request);
    // A long edit is read whole by the safety check: an account may send only so many an hour.
    if (request.body.content.length > LARGE_TEXT_CHARS) await rateLimit(db, `large-text:user:${user.uid}`, LIMITS.largeTextPerAccount);
    await limitJudgedWrite(db, user.uid);
    return ok(
      await service.editNovel(db, {
        safety,
        user,
        novelUid: request.body.novel_uid,
        chapterIndex: request.body.chapter_index,
        content: request.body.content,
      }),
    );
  });

  app.get('/novel/memory/', { ...required, schema: { querystring: NovelRef, response: { 200: envelope(NovelMemory) } } }, async (request) =>
    ok(await novelMemory(db, { user: currentUser(request), novelUid: request.query.novel_uid })),
  );

  app.post('/novel/memory/', { ...writes, schema: { body: SaveMemoryBody, response: { 200: envelope(NovelMemory) } } }, async (request) => {
    const user = currentUser(request);
    await limitJudgedWrite(db, user.uid);
    return ok(await saveMemory(db, { safety, user, body: request.body }));
  });

  // Revise, accept, a chapter's history, choices and continuity (issue 50).
  await app.register(cowriteRoutes);

  app.get('/novel/stream/', { preHandler: app.authenticateOptional, schema: { querystring: NovelRef } }, async (request, reply) => {
    await streamNovel(deps, request, reply, request.query.novel_uid);
  });
};
