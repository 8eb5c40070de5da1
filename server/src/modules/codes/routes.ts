import { CodeResult, envelope, InvitationBody, RedeemBody } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message } from '../../lib/messages';
import { LIMITS } from '../../lib/limits';
import { rateLimit } from '../../lib/rate-limit';
import { currentUser } from '../../plugins/auth';
import { changes } from '../../plugins/cache';
import { ok } from '../../plugins/envelope';
import { acceptInvitation, redeemCode } from './service';

/** Tries per account per window: codes are long enough that this stops guessing. */

/** POST /redeem/redeem/ and POST /user/invitation/ (SPEC.md section 7); 302xxx on a bad code. */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.post(
    '/redeem/redeem/',
    {
      preHandler: app.authenticate,
      config: changes('account', 'mine'),
      schema: { body: RedeemBody, response: { 200: envelope(CodeResult) } },
    },
    async (request) => {
      const user = currentUser(request);
      await rateLimit(db, `codes:user:${user.uid}`, LIMITS.codesPerAccount);
      const { butter, balance } = await redeemCode(db, { userUid: user.uid, raw: request.body.redeem_code });
      return ok({ message: message('redeemed', request.lang, { butter }), butter, balance });
    },
  );

  app.post(
    '/user/invitation/',
    {
      preHandler: app.authenticate,
      config: changes('account', 'mine'),
      schema: { body: InvitationBody, response: { 200: envelope(CodeResult) } },
    },
    async (request) => {
      const user = currentUser(request);
      await rateLimit(db, `codes:user:${user.uid}`, LIMITS.codesPerAccount);
      const { butter, balance } = await acceptInvitation(db, { userUid: user.uid, raw: request.body.invitation_code });
      return ok({ message: message(butter > 0 ? 'invitationAccepted' : 'invitationNoReward', request.lang, { butter }), butter, balance });
    },
  );
};
