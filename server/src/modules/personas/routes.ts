import {
  AddUsedResult,
  EmptyResult,
  envelope,
  FavoriteBody,
  FavoriteResult,
  page,
  PageQuery,
  Persona,
  PersonaEditBody,
  PersonaInput,
  PersonaListPage,
  PersonaListQuery,
  PersonaRef,
} from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAddress } from '../../lib/client-address';
import { LIMITS } from '../../lib/limits';
import { limitJudgedWrite, rateLimit } from '../../lib/rate-limit';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { changes } from '../../plugins/cache';
import { answerOnce } from '../../plugins/serializer';
import * as service from './service';

export const personaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const optional = { preHandler: app.authenticateOptional };
  const required = { preHandler: app.authenticate };
  /** A persona written or deleted changes the feeds and the caller's lists, no account. */
  const writes = { ...required, config: changes('persona-feed', 'post-feed', 'mine') };
  // The feed's shared cached page is sent as the bytes serialised the first time (docs/decisions/0040).
  const answer = answerOnce();

  app.get(
    '/persona/list/',
    { ...optional, schema: { querystring: PersonaListQuery, response: { 200: envelope(PersonaListPage) } } },
    async (request, reply) =>
      answer(reply, await service.listPersonas(db, { viewer: request.user, query: request.query, cache: app.cache })),
  );

  app.get(
    '/persona/details/',
    { ...optional, schema: { querystring: PersonaRef, response: { 200: envelope(Persona) } } },
    async (request) => ok(await service.personaDetails(db, { viewer: request.user, uid: request.query.persona_uid })),
  );
  app.post(
    '/persona/details/',
    { ...optional, config: changes(), schema: { body: PersonaRef, response: { 200: envelope(Persona) } } },
    async (request) => ok(await service.personaDetails(db, { viewer: request.user, uid: request.body.persona_uid })),
  );

  app.post(
    '/persona/favorite/',
    {
      ...writes,
      config: changes('mine'),
      schema: { body: FavoriteBody, response: { 200: envelope(FavoriteResult) } },
    },
    async (request) => ok({ is_favorite: await service.toggleFavorite(db, { viewer: currentUser(request), uid: request.body.post_id }) }),
  );

  app.get(
    '/persona/list/myfavorite/',
    { ...required, schema: { querystring: PageQuery, response: { 200: envelope(page(Persona)) } } },
    async (request) => ok(await service.myFavorites(db, { viewer: currentUser(request), page: request.query.page })),
  );

  app.post(
    '/persona/addused/',
    {
      ...optional,
      config: changes('persona-feed', 'post-feed', 'mine'),
      schema: { body: PersonaRef, response: { 200: envelope(AddUsedResult) } },
    },
    async (request) =>
      ok({
        used_count: await service.addUsed(db, {
          viewer: request.user,
          uid: request.body.persona_uid,
          clientAddress: clientAddress(request.ip),
        }),
      }),
  );

  app.post('/persona/create/', { ...writes, schema: { body: PersonaInput, response: { 200: envelope(Persona) } } }, async (request) => {
    const user = currentUser(request);
    await rateLimit(db, `persona-create:user:${user.uid}`, LIMITS.personaCreatePerAccount);
    await limitJudgedWrite(db, user.uid);
    return ok(await service.createPersona(db, { safety: app.deps.safety, viewer: user, input: request.body }));
  });

  app.post('/persona/edit/', { ...writes, schema: { body: PersonaEditBody, response: { 200: envelope(Persona) } } }, async (request) => {
    const { persona_uid, ...patch } = request.body;
    const user = currentUser(request);
    await limitJudgedWrite(db, user.uid);
    return ok(await service.editPersona(db, { safety: app.deps.safety, viewer: user, uid: persona_uid, patch }));
  });

  app.post('/persona/delete/', { ...writes, schema: { body: PersonaRef, response: { 200: envelope(EmptyResult) } } }, async (request) => {
    await service.deletePersona(db, { viewer: currentUser(request), uid: request.body.persona_uid });
    return ok({});
  });
};
