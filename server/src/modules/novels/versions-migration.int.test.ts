import { expect, it } from 'vitest';
import { migrationDatabase } from '../../../test/migration-database';

// Migration 0013 on a database that already holds stories: every chapter becomes version 1 of one path.

const migrations = migrationDatabase();

it('turns the chapters of existing stories into version 1 of a single chosen path', async () => {
  const { client } = migrations;
  await migrations.applyBefore('0013_versions.sql');

  await client.query(
    `insert into users (uid, email, password_hash, name, invitation_code) values ('u1', 'a@example.com', 'x', 'A', 'CODE1')`,
  );
  const novel = (uid: string, status: string) =>
    client.query(
      `insert into novels (uid, author_uid, title, params, language, generate_status, written_by, word_count)
       values ($1, 'u1', 't', '{"char_a_name":"A","char_a_setting":"","char_b_name":"B","char_b_setting":"","plot":""}', 'en', $2, 'offline', 3)`,
      [uid, status],
    );
  await novel('n1', 'continuing');
  await novel('n2', 'done');
  await novel('n3', 'failed');
  for (const [index, content] of ['one', 'two', ''].entries()) {
    await client.query(`insert into chapters (novel_uid, index, content) values ('n1', $1, $2)`, [index, content]);
  }
  await client.query(`insert into chapters (novel_uid, index, content) values ('n2', 0, 'only')`);
  await client.query(
    `insert into generation_jobs (uid, novel_uid, chapter_index, kind, status, charge) values ('j1', 'n1', 2, 'continue', 'running', 3),
       ('j0', 'n1', 3, 'continue', 'failed', 3)`,
  );

  await migrations.apply('0013_versions.sql');

  const rows = (
    await client.query(`select id, novel_uid, index, parent_id, version, next_id, content from chapters order by novel_uid, index`)
  ).rows;
  const n1 = rows.filter((r) => r.novel_uid === 'n1');
  expect(n1.map((r) => [r.index, r.version, r.content])).toEqual([
    [0, 1, 'one'],
    [1, 1, 'two'],
    [2, 1, ''],
  ]);
  expect(n1.map((r) => r.parent_id)).toEqual([null, n1[0].id, n1[1].id]);
  expect(n1.map((r) => r.next_id)).toEqual([n1[1].id, n1[2].id, null]);
  const paths = (await client.query(`select uid, path from novels order by uid`)).rows.map((r) => ({
    uid: r.uid,
    path: (r.path as string[]).map(Number),
  }));
  expect(paths).toEqual([
    { uid: 'n1', path: n1.map((r) => Number(r.id)) },
    { uid: 'n2', path: [Number(rows.find((r) => r.novel_uid === 'n2').id)] },
    { uid: 'n3', path: [] },
  ]);
  const jobs = (await client.query(`select uid, chapter_id from generation_jobs order by uid`)).rows;
  expect(jobs).toEqual([
    { uid: 'j0', chapter_id: null },
    { uid: 'j1', chapter_id: n1[2].id },
  ]);
  // The new rules hold from here on: a second version 1 of the same chapter after the same parent is refused.
  await expect(
    client.query(`insert into chapters (novel_uid, index, parent_id, version) values ('n1', 1, $1, 1)`, [n1[0].id]),
  ).rejects.toThrow(/chapters_version_uq/);
});
