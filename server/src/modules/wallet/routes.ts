import { envelope, page, Transaction, TransactionsQuery } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { listTransactions } from './service';

/** GET /wallet/transactions/?page= (CONTRACT.md section 4): the caller's Butter ledger. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.get(
    '/wallet/transactions/',
    { preHandler: app.authenticate, schema: { querystring: TransactionsQuery, response: { 200: envelope(page(Transaction)) } } },
    async (request) =>
      ok(await listTransactions(db, { userUid: currentUser(request).uid, page: request.query.page, before: request.query.before })),
  );
};
