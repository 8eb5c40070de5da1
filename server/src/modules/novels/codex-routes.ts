import { CodexList, ContextQuery, envelope, NovelContext, NovelRef, SaveCodexBody } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitJudgedWrite } from '../../lib/rate-limit';
import { currentUser } from '../../plugins/auth';
import { changes } from '../../plugins/cache';
import { ok } from '../../plugins/envelope';
import { listCodex, saveCodex } from './codex';
import { novelContext } from './context';

/** The writer's room (issue 49): the codex and the view of what the model saw. Author only. */
export const codexRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const db = deps.database.db;
  const required = { preHandler: app.authenticate };
  const writes = { ...required, config: changes() };

  app.get('/novel/codex/', { ...required, schema: { querystring: NovelRef, response: { 200: envelope(CodexList) } } }, async (request) =>
    ok(await listCodex(db, { user: currentUser(request), novelUid: request.query.novel_uid })),
  );

  app.post('/novel/codex/', { ...writes, schema: { body: SaveCodexBody, response: { 200: envelope(CodexList) } } }, async (request) => {
    const user = currentUser(request);
    await limitJudgedWrite(db, user.uid);
    return ok(await saveCodex(db, { safety: deps.safety, user, body: request.body }));
  });

  app.get(
    '/novel/context/',
    { ...required, schema: { querystring: ContextQuery, response: { 200: envelope(NovelContext) } } },
    async (request) =>
      ok(
        await novelContext(db, {
          user: currentUser(request),
          novelUid: request.query.novel_uid,
          chapterIndex: request.query.chapter_index,
        }),
      ),
  );
};
