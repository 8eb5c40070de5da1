import {
  ChangePasswordBody,
  ConfirmAdultBody,
  ConfirmAdultResult,
  CreateUserBody,
  CreateUserResult,
  EmptyResult,
  envelope,
  LoginBody,
  LoginResult,
  LogoutBody,
  ModifyUserBody,
  RefreshBody,
  RefreshResult,
  ResetPasswordBody,
  SendCodeBody,
  SendCodeResult,
  SendResetCodeBody,
  UserInfo,
  UserInfoQuery,
  VerifyCodeBody,
  VerifyCodeResult,
} from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAddress } from '../../lib/client-address';
import { LIMITS, type Limit } from '../../lib/limits';
import { AppError } from '../../lib/errors';
import { limitJudgedWrite, rateLimit, rateLimitCheck, rateLimitCount, rateLimitHold, rateLimitUncount } from '../../lib/rate-limit';
import { currentUser, isAdmin } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { changes } from '../../plugins/cache';
import * as accounts from './service';
import { withFreshMoney } from '../wallet/service';
import { refreshTokenOwner } from './tokens';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { env, secrets, mailer } = deps;
  const db = deps.database.db;
  const limit = (key: string, rule: Limit) => rateLimit(db, key, rule);
  /**
   * A sign-up, a log-in, a refresh and a mailed code change no account row or session another token's
   * cached lookup holds (a new account, a new session, the next token of a live one, a code row): their
   * answers keep every cached lookup (decision 0047). Before, each of them, sent without a token, cleared
   * the whole cache. A refused refresh forgets its token's account only. Nor do they change what a feed
   * page shows: the feeds' pages stay too (a log-in forgot both feeds).
   */
  const sessions = { config: changes() };

  /**
   * Codes cannot be guessed (issue 25): wrong verification and reset codes for one address are counted
   * together, from every client address. Each try is counted before it is checked, so parallel guesses
   * cannot slip past, and given back when it was not a wrong code; the 20th wrong code holds the address
   * for a whole day (429001) and mails its owner.
   */
  const checkingCode = async (email: string, attempt: () => Promise<void>): Promise<void> => {
    const key = `code:fail:${email}`;
    const count = await rateLimit(db, key, LIMITS.codeFailuresPerEmail).catch((error: unknown) => {
      // The same 429001 and Retry-After, saying why the wait is so long.
      if (error instanceof AppError && error.kind === 'rateLimited')
        throw new AppError('rateLimited', {
          message: 'codesPaused',
          headers: error.headers,
          params: error.messageParams,
          data: error.data,
        });
      throw error;
    });
    try {
      await attempt();
    } catch (error) {
      if (!(error instanceof AppError && error.kind === 'verificationFailed')) {
        await rateLimitUncount(db, key);
      } else if (count === LIMITS.codeFailuresPerEmail.max) {
        await rateLimitHold(db, key);
        await accounts.mailCodesPaused(db, { mailer, email, wrong: count });
      }
      throw error;
    }
    await rateLimitUncount(db, key);
  };

  app.post(
    '/user/create/',
    { ...sessions, schema: { body: CreateUserBody, response: { 200: envelope(CreateUserResult) } } },
    async (request) => {
      await limit(`register:ip:${clientAddress(request.ip)}`, LIMITS.registerPerIp);
      const user = await accounts.createAccount(db, {
        env,
        safety: deps.safety,
        ...request.body,
        language: request.body.language ?? request.lang,
      });
      return ok({ uid: user.uid, email: user.email, verification_required: deps.env.REQUIRE_EMAIL_VERIFICATION });
    },
  );

  app.post('/user/login/', { ...sessions, schema: { body: LoginBody, response: { 200: envelope(LoginResult) } } }, async (request) => {
    await limit(`login:ip:${clientAddress(request.ip)}`, LIMITS.loginPerIp);
    // Only failed logins count against an address, and per client address first: someone guessing
    // from one place locks out that place, not the owner logging in from another (docs/decisions/0017).
    const nearKey = `login:fail:${request.body.email}:${clientAddress(request.ip)}`;
    const farKey = `login:fail:${request.body.email}`;
    await rateLimitCheck(db, nearKey, LIMITS.loginFailuresPerEmailAndIp);
    await rateLimitCheck(db, farKey, LIMITS.loginFailuresPerEmail);
    let session;
    try {
      session = await accounts.login(db, { env, secrets, email: request.body.email, password: request.body.password });
    } catch (error) {
      if (error instanceof AppError && (error.kind === 'wrongPassword' || error.kind === 'accountNotFound')) {
        await rateLimitCount(db, nearKey, LIMITS.loginFailuresPerEmailAndIp);
        await rateLimitCount(db, farKey, LIMITS.loginFailuresPerEmail);
      }
      throw error;
    }
    const { user } = session;
    return ok({
      uid: user.uid,
      name: user.name,
      email: user.email,
      language: user.language,
      tokens: { access: session.access, refresh: session.refresh },
    });
  });

  app.post(
    '/user/refresh_token/',
    { ...sessions, schema: { body: RefreshBody, response: { 200: envelope(RefreshResult) } } },
    async (request) => {
      // Counted per account before the token is used, so a refused refresh leaves it valid for the retry.
      const owner = await refreshTokenOwner(db, request.body.refresh);
      if (owner) await limit(`refresh:user:${owner}`, LIMITS.refreshPerAccount);
      try {
        return ok(await accounts.refresh(db, { env, secrets, token: request.body.refresh, rotate: request.body.rotate ?? false }));
      } catch (error) {
        // A refused refresh may have ended its owner's sessions (a reused token revokes its family, a
        // blocked account all of them): this process forgets that account before answering.
        if (owner) app.cache.forget('auth', owner);
        throw error;
      }
    },
  );

  // A log-out forgets the lookups of the account whose session it ended, and nothing else: one sent
  // without a token, or with a made-up one, keeps every cached lookup and feed page (issue 45).
  app.post('/user/logout/', { ...sessions, schema: { body: LogoutBody, response: { 200: envelope(EmptyResult) } } }, async (request) => {
    const owner = await accounts.logout(db, { refreshToken: request.body.refresh, everywhere: request.body.everywhere ?? false });
    if (owner) app.cache.forget('auth', owner);
    return ok({});
  });

  app.post(
    '/user/change-password/',
    { preHandler: app.authenticate, schema: { body: ChangePasswordBody, response: { 200: envelope(EmptyResult) } } },
    async (request) => {
      const user = currentUser(request);
      await limit(`change-password:${user.uid}`, LIMITS.changePasswordPerAccount);
      await accounts.changePassword(db, {
        user,
        sessionId: request.sessionId ?? '',
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
      });
      return ok({});
    },
  );

  app.post(
    '/user/send-reset-code/',
    { ...sessions, schema: { body: SendResetCodeBody, response: { 200: envelope(SendCodeResult) } } },
    async (request) => {
      await limit(`send-code:ip:${clientAddress(request.ip)}`, LIMITS.sendPerIp);
      return ok(await accounts.sendCode(db, { secrets, mailer, email: request.body.email, purpose: 'reset' }));
    },
  );

  app.post('/user/reset-password/', { schema: { body: ResetPasswordBody, response: { 200: envelope(EmptyResult) } } }, async (request) => {
    // The same counters as /user/verify-code/: a code has 5 tries, an address 10 per 10 minutes.
    await limit(`verify:ip:${clientAddress(request.ip)}`, LIMITS.verifyPerIp);
    await limit(`verify:email:${request.body.email}`, LIMITS.verifyPerEmail);
    await checkingCode(request.body.email, () => accounts.resetPassword(db, { secrets, ...request.body }));
    return ok({});
  });

  app.get(
    '/user/info/',
    { preHandler: app.authenticate, schema: { querystring: UserInfoQuery, response: { 200: envelope(UserInfo) } } },
    async (request) => {
      const user = currentUser(request);
      if (request.query.uid && request.query.uid !== user.uid) throw new AppError('forbidden');
      // A signed-in request's account holds no money (decision 0052): it is read fresh.
      return ok(accounts.presentUser(await withFreshMoney(db, { user }), isAdmin(deps.env.ADMIN_EMAILS, user)));
    },
  );

  app.post(
    '/user/modify/',
    { preHandler: app.authenticate, schema: { body: ModifyUserBody, response: { 200: envelope(UserInfo) } } },
    async (request) => {
      // A new name is read by the safety judge (issue 46).
      if (request.body.name !== undefined) await limitJudgedWrite(db, currentUser(request).uid);
      const user = await accounts.modifyUser(db, { safety: deps.safety, user: currentUser(request), ...request.body });
      return ok(accounts.presentUser(await withFreshMoney(db, { user }), isAdmin(deps.env.ADMIN_EMAILS, user)));
    },
  );

  app.post(
    '/user/confirm-adult/',
    { preHandler: app.authenticate, schema: { body: ConfirmAdultBody, response: { 200: envelope(ConfirmAdultResult) } } },
    async (request) => {
      const at = await accounts.confirmAdult(db, { user: currentUser(request) });
      return ok({ adult_confirmed_at: Math.floor(at.getTime() / 1000) });
    },
  );

  app.post(
    '/user/send-verification-code/',
    { ...sessions, schema: { body: SendCodeBody, response: { 200: envelope(SendCodeResult) } } },
    async (request) => {
      await limit(`send-code:ip:${clientAddress(request.ip)}`, LIMITS.sendPerIp);
      return ok(await accounts.sendCode(db, { secrets, mailer, email: request.body.email, purpose: 'verify' }));
    },
  );

  app.post('/user/verify-code/', { schema: { body: VerifyCodeBody, response: { 200: envelope(VerifyCodeResult) } } }, async (request) => {
    await limit(`verify:ip:${clientAddress(request.ip)}`, LIMITS.verifyPerIp);
    await limit(`verify:email:${request.body.email}`, LIMITS.verifyPerEmail);
    await checkingCode(request.body.email, () => accounts.verifyCode(db, { secrets, ...request.body }));
    return ok({ verified: true as const });
  });
};
