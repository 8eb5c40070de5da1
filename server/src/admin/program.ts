import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { normalizeStoredEmail } from '@butterfic/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db';
import { users } from '../db/schema';
import { EnvError, loadEnv } from '../env';
import { AppError } from '../lib/errors';
import { createMailer } from '../mail/transport';
import { audit, moderateContent, moderateUser, type Ops } from '../modules/moderation/service';
import { importPersonas, readCatalogueFile } from '../modules/personas/catalogue';
import { createRedeemCodes, rewardInviter } from '../modules/codes/service';
import { refundOutsideStripe } from '../modules/payments/service';
import { applyLedger, ledgerTotals } from '../modules/wallet/service';
import { sendDigests } from '../modules/posts/digest';

/**
 * The operator CLI (CONTRACT.md section 6): `npm run admin -- <command>`.
 * Works against DATABASE_URL or the embedded server in DATA_DIR, also while
 * the app is running on it. cli.ts is the entry; tests call runAdmin in-process.
 */
const USAGE = `usage: npm run admin -- <command>

  user verify <email>                      mark the e-mail verified
  user grant <email> <butter>              add Butter (a 'grant' ledger row); a negative number (-N)
                                           takes Butter back (a 'revoke' row), never more than the balance
  user ban <email> [--reason TEXT]         ban the account and end its sessions
  user suspend <email> --days N [--reason TEXT]
  user unban <email> [--reason TEXT]      lift a ban or suspension
  takedown <post|persona|novel|comment> <uid> --reason TEXT
                                           hide the content from everyone but its author (audited, mails the author)
  restore <post|persona|novel|comment> <uid> --reason TEXT
  user show <email>                        status, balance, debt and ledger sum
  payment refund <session_id> [--reason TEXT]
                                           record a payment refunded outside Stripe's webhook (a sandbox
                                           payment, a bank transfer): takes back what it bought, once
  digest send                              mail each reader who follows someone (and left the digest on) the
                                           week's new posts of those authors; at most once in six days each
  persona import <file.json>               add personas (seed format, matched on "key")
  redeem create --butter N [--uses K] [--expires DATE] [--count C]
                                           make C codes worth N Butter, each usable by K accounts
                                           (default 1 and 1) until DATE (YYYY-MM-DD, UTC); one code per line`;

class UsageError extends Error {}

/** `user grant <email> -5`: a negative number is a value, not an option (parseArgs would read it as `-5`). */
const NEGATIVE = /^-\d+$/;
const NEGATIVE_MARK = 'negative:';

async function findUser(database: Database, email: string) {
  const [user] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeStoredEmail(email) ?? email.trim().toLowerCase()));
  if (!user) throw new UsageError(`no account with the e-mail ${email}`);
  return user;
}

async function run(database: Database, argv: string[], initialCwd: string, ops: Ops & { publicUrl: string }): Promise<string> {
  const actor = `cli:${os.userInfo().username}`;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.map((arg) => (NEGATIVE.test(arg) ? `${NEGATIVE_MARK}${arg.slice(1)}` : arg)),
      allowPositionals: true,
      options: {
        reason: { type: 'string' },
        days: { type: 'string' },
        butter: { type: 'string' },
        uses: { type: 'string' },
        expires: { type: 'string' },
        count: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const [area, action, email, rawExtra] = positionals;
  const extra = rawExtra?.startsWith(NEGATIVE_MARK) ? `-${rawExtra.slice(NEGATIVE_MARK.length)}` : rawExtra;
  if (area === 'persona' && action === 'import' && email) {
    const file = path.resolve(initialCwd, email);
    if (!fs.existsSync(file)) throw new UsageError(`no file ${file}`);
    const { inserted, skipped } = await importPersonas(database.db, readCatalogueFile(file));
    await audit(database.db, {
      actor,
      action: 'persona_import',
      targetType: 'catalogue',
      targetUid: path.basename(file),
      reason: values.reason ?? '',
      details: { inserted, skipped },
    });
    return `imported ${inserted} personas (${skipped} already there)`;
  }
  if (area === 'digest' && action === 'send') {
    const { sent } = await sendDigests(database.db, { mailer: ops.mailer, publicUrl: ops.publicUrl });
    return `sent ${sent} digest${sent === 1 ? '' : 's'}`;
  }
  if (area === 'redeem' && action === 'create') {
    const whole = (value: string | undefined, fallback: number | null, max: number, what: string) => {
      if (value === undefined && fallback !== null) return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${what} is a whole number from 1 to ${max}`);
      return n;
    };
    const butter = whole(values.butter, null, 1_000_000, '--butter');
    const uses = whole(values.uses, 1, 1_000_000, '--uses');
    const count = whole(values.count, 1, 10_000, '--count');
    let expiresAt: Date | null = null;
    if (values.expires !== undefined) {
      expiresAt = new Date(/^\d{4}-\d{2}-\d{2}$/.test(values.expires) ? `${values.expires}T00:00:00Z` : values.expires);
      if (Number.isNaN(expiresAt.getTime())) throw new UsageError('--expires is a date like 2027-01-01');
      if (expiresAt.getTime() <= Date.now()) throw new UsageError('--expires is in the past');
    }
    const codes = await createRedeemCodes(database.db, { butter, uses, expiresAt, count });
    await audit(database.db, {
      actor,
      action: 'redeem_create',
      targetType: 'redeem_code',
      targetUid: codes[0] ?? '',
      reason: values.reason ?? '',
      details: { codes, butter, uses, expires_at: expiresAt?.toISOString() ?? null },
    });
    return codes.join('\n');
  }
  if (area === 'payment' && action === 'refund' && email) {
    const sessionId = email;
    const found = await database.db.execute<{ amount: number; user_uid: string }>(
      sql`select amount, user_uid from payments where session_id = ${sessionId} and status = 'credited'`,
    );
    const payment = found.rows[0];
    if (!payment) throw new UsageError(`no credited payment ${sessionId}`);
    const reason = values.reason ?? 'refunded by the operator';
    const taken = await refundOutsideStripe(database.db, { sessionId });
    await audit(database.db, {
      actor,
      action: 'refund',
      targetType: 'user',
      targetUid: payment.user_uid,
      reason,
      details: { session_id: sessionId, butter: taken ? -taken.butter : 0, pass_ended: taken?.pass === 'ended' },
    });
    if (!taken) return `payment ${sessionId} was already taken back; nothing changed`;
    return taken.pass === 'ended'
      ? `payment ${sessionId} refunded: the pass ended`
      : `payment ${sessionId} refunded: took ${-taken.butter} Butter back; balance ${taken.balance}${taken.debt > 0 ? `, owes ${taken.debt}` : ''}`;
  }
  if ((area === 'takedown' || area === 'restore') && action && email) {
    if (action !== 'post' && action !== 'persona' && action !== 'novel' && action !== 'comment') throw new UsageError(USAGE);
    if (!values.reason?.trim()) throw new UsageError(`${area} needs --reason TEXT`);
    const { audit_id } = await moderateContent(ops, {
      actor,
      input: {
        action: area,
        target_type: action,
        target_uid: email,
        reason: values.reason.trim(),
      },
    });
    return `${area === 'takedown' ? 'took down' : 'restored'} ${action} ${email} (audit #${audit_id})`;
  }
  if (area !== 'user' || !action || !email) throw new UsageError(USAGE);
  const user = await findUser(database, email);
  const db = database.db;
  switch (action) {
    case 'verify':
      await db.transaction(async (tx) => {
        const verified = await tx
          .update(users)
          .set({ emailVerifiedAt: sql`now()` })
          .where(and(eq(users.uid, user.uid), isNull(users.emailVerifiedAt)))
          .returning({ uid: users.uid });
        if (verified.length > 0) await rewardInviter(tx, { inviteeUid: user.uid });
        await audit(tx, { actor, action: 'verify', targetType: 'user', targetUid: user.uid, reason: values.reason ?? '' });
      });
      return `verified ${user.email}`;
    case 'grant': {
      const amount = Number(extra);
      if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > 1_000_000)
        throw new UsageError('the Butter to grant is a whole number from 1 to 1000000, or from -1000000 to -1 to take it back');
      const revoke = amount < 0;
      const reason = values.reason ?? (revoke ? 'operator take-back' : 'operator grant');
      try {
        // A take-back is a debit like spending: never below a zero balance, never while the account owes Butter.
        const { balance, debt } = await db.transaction(async (tx) => {
          const after = await applyLedger(tx, { userUid: user.uid, kind: revoke ? 'revoke' : 'grant', amount, note: reason });
          await audit(tx, {
            actor,
            action: revoke ? 'revoke' : 'grant',
            targetType: 'user',
            targetUid: user.uid,
            reason,
            details: { butter: amount, balance: after.balance, debt: after.debt },
          });
          return after;
        });
        return revoke
          ? `took ${-amount} Butter back from ${user.email}; balance ${balance}`
          : `granted ${amount} Butter to ${user.email}; balance ${balance}${debt > 0 ? `, still owes ${debt}` : ''}`;
      } catch (error) {
        if (error instanceof AppError && error.kind === 'insufficientButter') {
          const { balance, debt } = await ledgerTotals(db, { userUid: user.uid });
          throw new UsageError(
            `cannot take ${-amount} Butter back from ${user.email}: the balance is ${balance}${debt > 0 ? ` and it owes ${debt}` : ''}`,
          );
        }
        throw error;
      }
    }
    case 'ban': {
      const { audit_id } = await moderateUser(ops, {
        actor,
        input: {
          action: 'ban',
          user_uid: user.uid,
          reason: values.reason ?? 'banned by the operator',
        },
      });
      return `banned ${user.email}; all sessions ended (audit #${audit_id})`;
    }
    case 'suspend': {
      const days = Number(values.days);
      if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError('suspend needs --days N (1 to 3650)');
      const { audit_id, until } = await moderateUser(ops, {
        actor,
        input: {
          action: 'suspend',
          user_uid: user.uid,
          days,
          reason: values.reason ?? 'suspended by the operator',
        },
      });
      return `suspended ${user.email} until ${until?.toISOString() ?? '?'}; all sessions ended (audit #${audit_id})`;
    }
    case 'unban': {
      const { audit_id } = await moderateUser(ops, {
        actor,
        input: {
          action: 'unban',
          user_uid: user.uid,
          reason: values.reason ?? 'lifted by the operator',
        },
      });
      return `${user.email} is active again (audit #${audit_id})`;
    }
    case 'show': {
      const totals = await ledgerTotals(db, { userUid: user.uid });
      return [
        `${user.email} (${user.uid}) status=${user.status}${user.suspendedUntil ? ` until ${user.suspendedUntil.toISOString()}` : ''}`,
        `verified=${user.emailVerifiedAt ? 'yes' : 'no'} adult=${user.adultConfirmedAt ? 'yes' : 'no'} balance=${totals.balance} debt=${totals.debt} ledger_sum=${totals.ledgerSum}`,
        ...(user.emailFlag ? [`email flag: ${user.emailFlag}`] : []),
      ].join('\n');
    }
    default:
      throw new UsageError(USAGE);
  }
}

/**
 * What the operator CLI reads and writes: its configuration (unset: process.env, read by loadEnv) and
 * where a line goes to stdout or stderr (console.log and console.error in cli.ts).
 */
export type AdminIo = { env?: Record<string, string | undefined>; out: (line: string) => void; err: (line: string) => void };

/**
 * The whole operator CLI: `argv` is what follows `npm run admin --`; resolves to the exit code.
 * Relative paths resolve against the configuration's INIT_CWD, else process.cwd().
 */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  if (argv.length === 0 || argv.includes('--help')) {
    io.out(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  let env;
  try {
    env = loadEnv(io.env);
  } catch (error) {
    if (error instanceof EnvError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase(env, () => undefined, { takeOver: false });
  try {
    const mailer = createMailer(env);
    try {
      io.out(await run(database, argv, env.INITIAL_CWD, { db: database.db, mailer, publicUrl: env.PUBLIC_URL }));
    } finally {
      mailer.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof AppError && error.kind === 'notFound') {
      io.err('admin: no such content or account');
      return 1;
    }
    io.err(`admin: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}
