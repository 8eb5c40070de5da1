import type { ServerResponse } from 'node:http';
import {
  Choices,
  ChoicesBody,
  Continuity,
  ContinuityQuery,
  envelope,
  History,
  HistoryQuery,
  NovelDetails,
  RestoreBody,
  ReviseAcceptBody,
  ReviseBody,
  ReviseResult,
} from '@butterfic/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitGenerationStarts } from '../../lib/account-limits';
import { limitJudgedWrite } from '../../lib/rate-limit';
import { currentUser } from '../../plugins/auth';
import { changes } from '../../plugins/cache';
import { ok } from '../../plugins/envelope';
import { continuityOf, nextChoices } from './choices';
import { chapterHistoryOf, restoreHistory } from './history';
import { acceptRevision, chargeRevision, prepareRevision, refundRevision, reviseSelection, runRevision } from './revise';
import { openEventStream, wantsEventStream } from './stream';

/** Co-writing in place (issue 50, docs/decisions/0056-co-writing-in-place.md): revise, accept, a chapter's history, choices, continuity. */
export const cowriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { env, safety, provider } = deps;
  const db = deps.database.db;
  const required = { preHandler: app.authenticate };
  const writes = { ...required, config: changes('persona-feed', 'post-feed', 'mine') };
  /** A revision is limited like a story start (MAX_GENERATIONS_PER_HOUR; 429001, nothing charged). */
  const starts = { preHandler: [app.authenticate, limitGenerationStarts(deps)], config: changes() };

  app.post(
    '/novel/revise/',
    { ...starts, schema: { body: ReviseBody, response: { 200: envelope(ReviseResult) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const aborted = abortOnClose(reply);
      if (!wantsEventStream(request)) {
        const result = await reviseSelection(db, { provider, safety, user, body: request.body, signal: aborted });
        return ok(result);
      }
      // Refusals answer JSON with their status; only a charged revision streams.
      const revision = await prepareRevision(db, { safety, user, body: request.body });
      const { charge, balance } = await chargeRevision(db, { revision });
      const res = openEventStream(request, reply);
      // As the story starts do (decision 0039): first the envelope a JSON client would get the head of.
      send(res, 'head', ok({ balance }));
      try {
        const texts = await runRevision(deps, {
          revision,
          signal: aborted,
          onText: (index, text) => send(res, 'variant', { index, text }),
        });
        send(res, 'done', { variants: texts.map((text) => ({ text })), balance });
      } catch (error) {
        const refunded = await refundRevision(db, { revision, charge });
        request.log.warn({ err: error }, 'a revision failed; its charge was given back');
        send(res, 'error', { message: 'failed', refunded: charge > 0, balance: refunded });
      }
      res.end();
    },
  );

  app.post(
    '/novel/revise/accept/',
    { ...writes, schema: { body: ReviseAcceptBody, response: { 200: envelope(NovelDetails) } } },
    async (request) => {
      const user = currentUser(request);
      await limitJudgedWrite(db, user.uid);
      return ok(await acceptRevision(db, { safety, user, body: request.body }));
    },
  );

  app.get(
    '/novel/history/',
    { ...required, schema: { querystring: HistoryQuery, response: { 200: envelope(History) } } },
    async (request) =>
      ok(
        await chapterHistoryOf(db, {
          user: currentUser(request),
          novelUid: request.query.novel_uid,
          chapterIndex: request.query.chapter_index,
        }),
      ),
  );

  app.post(
    '/novel/history/restore/',
    { ...writes, schema: { body: RestoreBody, response: { 200: envelope(NovelDetails) } } },
    async (request) =>
      ok(
        await restoreHistory(db, {
          user: currentUser(request),
          novelUid: request.body.novel_uid,
          chapterIndex: request.body.chapter_index,
          uid: request.body.uid,
        }),
      ),
  );
  app.post(
    '/novel/choices/',
    { ...required, schema: { body: ChoicesBody, response: { 200: envelope(Choices) } } },
    async (request, reply) =>
      ok(
        await nextChoices(db, {
          env,
          provider,
          safety,
          user: currentUser(request),
          novelUid: request.body.novel_uid,
          signal: abortOnClose(reply),
        }),
      ),
  );

  app.get(
    '/novel/continuity/',
    { ...required, schema: { querystring: ContinuityQuery, response: { 200: envelope(Continuity) } } },
    async (request, reply) =>
      ok(
        await continuityOf(db, {
          env,
          provider,
          safety,
          user: currentUser(request),
          novelUid: request.query.novel_uid,
          chapterIndex: request.query.chapter_index,
          signal: abortOnClose(reply),
        }),
      ),
  );
};

/** Aborts the model calls when the client goes away before the answer (after it, aborting is a no-op). */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

function send(res: ServerResponse, event: string, data: unknown) {
  if (!res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
