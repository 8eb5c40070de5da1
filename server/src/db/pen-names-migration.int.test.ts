import { drizzle } from 'drizzle-orm/node-postgres';
import { expect, it } from 'vitest';
import { PEN_NAME_WORDS } from '../lib/pen-names';
import { givePenNames } from './pen-names';
import * as schema from './schema';
import { migrationDatabase } from '../../test/migration-database';

// Migration 0022 (issue 25) on a database from before it: accounts named after their address get pen
// names (their personas too), and the invitation rewards already paid count per folded inbox.

const migrations = migrationDatabase();

it('renames accounts named after their address, with their personas, and records the rewards paid before', async () => {
  const { client } = migrations;
  await migrations.applyBefore('0022_pen_names_invite_rewards.sql');

  await client.query(
    `insert into users (uid, email, password_hash, name, language, invitation_code, invited_by) values
       ('host', 'host@example.com', 'x', 'host', 'zh-TW', 'CODEH', null),
       ('guest', 'g.u.e.s.t+1@gmail.com', 'x', 'g.u.e.s.t+1', 'ja', 'CODEG', 'host'),
       ('named', 'named@example.com', 'x', 'Lantern Keeper', 'en', 'CODEN', null)`,
  );
  await client.query(
    `insert into personas (uid, author_uid, author_name, char_a_name, char_a_setting, char_b_name, char_b_setting, plot, description, language)
     values ('p1', 'host', 'host', 'A', 'a', 'B', 'b', 'p', 'd', 'zh-TW')`,
  );
  await client.query(
    `insert into ledger (user_uid, kind, amount, balance_after, ref) values
       ('guest', 'invited', 8, 8, 'guest'), ('host', 'invite', 8, 8, 'guest')`,
  );

  await migrations.apply('0022_pen_names_invite_rewards.sql');
  const db = drizzle(client, { schema }) as unknown as Parameters<typeof givePenNames>[0];
  expect(await givePenNames(db)).toEqual({ renamed: 2, rewards: 2 });

  const users = new Map((await client.query(`select uid, name from users`)).rows.map((r) => [r.uid as string, r.name as string]));
  expect(users.get('host')).toMatch(/^\p{Script=Han}{4}\d{2,4}$/u);
  const ja = PEN_NAME_WORDS.ja;
  expect(ja.first.some((a) => ja.second.some((b) => new RegExp(`^${a}${b}\\d{2,4}$`).test(users.get('guest')!)))).toBe(true);
  expect(users.get('guest')).not.toContain('guest');
  expect(users.get('named')).toBe('Lantern Keeper');
  expect((await client.query(`select author_name from personas where uid = 'p1'`)).rows[0].author_name).toBe(users.get('host'));
  const rewards = (await client.query(`select inbox, kind, invitee_uid, inviter_uid from invite_rewards order by kind`)).rows;
  expect(rewards).toEqual([
    { inbox: 'guest@gmail.com', kind: 'invite', invitee_uid: 'guest', inviter_uid: 'host' },
    { inbox: 'guest@gmail.com', kind: 'invited', invitee_uid: 'guest', inviter_uid: 'host' },
  ]);
  expect(await givePenNames(db)).toBeNull(); // once
});
