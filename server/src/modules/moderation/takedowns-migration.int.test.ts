import { expect, it } from 'vitest';
import { personaText, textHash } from './takedown-marks';
import { migrationDatabase } from '../../../test/migration-database';

// Migration 0024 on a database that already holds taken-down content: each gets the mark a takedown
// now writes, with the hash the server computes, so it stays down too.

const migrations = migrationDatabase();

it('marks the posts and personas taken down before it, with the hash the server computes', async () => {
  const { client } = migrations;
  await migrations.applyBefore('0024_takedowns_stay_down.sql');

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

  await migrations.apply('0024_takedowns_stay_down.sql');
  const marks = await client.query(`select target_type, target_uid, text_hash, novel_uid from takedown_marks order by target_uid`);
  expect(marks.rows).toEqual([
    { target_type: 'post', target_uid: 'p1', text_hash: textHash(down), novel_uid: 'n1' },
    { target_type: 'persona', target_uid: 'pe1', text_hash: textHash(personaText(persona)), novel_uid: null },
  ]);
  // The same text spaced otherwise hashes the same.
  expect(textHash(down)).toBe(textHash('Copied word for word. The second paragraph— and 一行。'));
});
