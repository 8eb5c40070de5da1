import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';

/**
 * docs/decisions/0049: a parameterised query the app sends again becomes a named statement on its
 * connection (PostgreSQL parses and plans it once there); one sent once, and any query without
 * parameters (the simple protocol, which may carry several statements), stay as they were.
 */
let ctx: TestContext;
let client: pg.PoolClient;

beforeAll(async () => {
  ctx = await createTestContext();
  client = await ctx.database.pool.connect();
});

afterAll(async () => {
  client?.release();
  await ctx?.close();
});

const prepared = async () =>
  (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows;

describe('named statements', () => {
  it('prepares a parameterised text on its second sending, with the same answers', async () => {
    const text = 'select $1::int * 2 as n -- named twice';
    expect((await client.query(text, [2])).rows).toEqual([{ n: 4 }]);
    expect((await prepared()).some((p) => p.statement === text)).toBe(false);
    expect((await client.query(text, [3])).rows).toEqual([{ n: 6 }]);
    expect((await client.query({ text, values: [5] })).rows).toEqual([{ n: 10 }]);
    const named = (await prepared()).filter((p) => p.statement === text);
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^auto_\d+$/);
  });

  it('leaves a text sent once, and queries without parameters, unprepared; several statements still run', async () => {
    await client.query('select $1::text as once -- sent once', ['x']);
    const results = (await client.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
    expect(results.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    await client.query('select 3 as c -- no parameters');
    await client.query('select 3 as c -- no parameters');
    const statements = (await prepared()).map((p) => p.statement);
    expect(statements).not.toContain('select $1::text as once -- sent once');
    expect(statements).not.toContain('select 3 as c -- no parameters');
  });

  it('goes through drizzle, and a statement that fails leaves its connection working', async () => {
    const db = drizzle(client);
    const divide = (by: number) => db.execute<{ q: number }>(sql`select 10 / ${by}::int as q -- drizzle`);
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } }); // division by zero
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } }); // division by zero
    expect((await divide(5)).rows).toEqual([{ q: 2 }]);
    expect((await divide(2)).rows).toEqual([{ q: 5 }]);
    expect((await prepared()).filter((p) => p.statement.endsWith('-- drizzle'))).toHaveLength(1);
  });
});
