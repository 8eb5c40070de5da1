import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { personaText, textHash } from './takedown-marks';

// Migration 0024 on a database that already holds taken-down content: each gets the mark a takedown
// now writes, with the hash the server computes, so it stays down too.

let admin: pg.Client;
let client: pg.Client;
let name: string;

const apply = async (file: string) => {
  const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await client.query(statement);
};

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  name = `${inject('dbPrefix')}mig${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  client = new pg.Client({ connectionString: withDatabase(inject('adminUrl'), name) });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await admin?.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin?.end();
});

it('marks the posts and personas taken down before it, with the hash the server computes', async () => {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const at = files.indexOf('0024_takedowns_stay_down.sql');
  expect(at).toBeGreaterThan(0);
  for (const file of files.slice(0, at)) await apply(file);

  await client.query(
    `insert into users (uid, email, password_hash, name, invitation_code) values ('u1', 'a@example.com', 'x', 'A', 'CODE1')`,
  );
  await client.query(
    `insert into novels (uid, author_uid, title, params, language, generate_status, written_by)
     values ('n1', 'u1', 't', '{"char_a_name":"A","char_a_setting":"","char_b_name":"B","char_b_setting":"","plot":""}', 'en', 'done', 'offline')`,
  );
  const down = 'Copied word for word.\n\n\tThe second paragraph\u00a0— and\u3000一行。 ';
  await client.query(
    `insert into posts (uid, author_uid, novel_uid, title, content, language, status) values ('p1', 'u1', 'n1', 't', $1, 'en', 'taken_down')`,
    [down],
  );
  await client.query(`insert into posts (uid, author_uid, title, content, language) values ('p2', 'u1', 't', 'Still up.', 'en')`);
  const persona = { charASetting: 'a keeper\nof lights', charBSetting: ' a mapmaker', plot: 'A storm.\u3000Then calm.' };
  await client.query(
    `insert into personas (uid, author_name, char_a_name, char_a_setting, char_b_name, char_b_setting, plot, description, language, status)
     values ('pe1', 'A', 'Ines', $1, 'Tomas', $2, $3, 'd', 'en', 'taken_down')`,
    [persona.charASetting, persona.charBSetting, persona.plot],
  );

  await apply(files[at]!);
  const marks = await client.query(`select target_type, target_uid, text_hash, novel_uid from takedown_marks order by target_uid`);
  expect(marks.rows).toEqual([
    { target_type: 'post', target_uid: 'p1', text_hash: textHash(down), novel_uid: 'n1' },
    { target_type: 'persona', target_uid: 'pe1', text_hash: textHash(personaText(persona)), novel_uid: null },
  ]);
  // The same text spaced otherwise hashes the same.
  expect(textHash(down)).toBe(textHash('Copied word for word. The second paragraph— and 一行。'));
});
