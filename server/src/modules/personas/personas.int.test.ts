import type { Persona } from '@butterfic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, someIp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { importPersonas, seedCatalogue, type CataloguePersona } from './catalogue';

let ctx: TestContext;
let reader: Awaited<ReturnType<typeof signUp>>;
let adult: Awaited<ReturnType<typeof signUp>>;

const item = (i: number, over: Partial<CataloguePersona> = {}): CataloguePersona => ({
  key: `t-${i}`,
  language: 'en',
  author_name: 'tester',
  char_a_name: `A${i}`,
  char_a_setting: 'an adult archivist',
  char_b_name: `B${i}`,
  char_b_setting: 'an adult courier',
  plot: 'They meet in a storm.',
  description: `Persona number ${i}`,
  is_r18: 0,
  tags: i % 2 ? 'slow burn, office' : 'fantasy, rivals',
  first_person: 0,
  dialogue_heavy: 0,
  used_count: i,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  // 45 general English personas, 5 adult ones, 3 Korean.
  await importPersonas(ctx.database.db, [
    ...Array.from({ length: 45 }, (_, i) => item(i)),
    ...Array.from({ length: 5 }, (_, i) => item(100 + i, { is_r18: 1, tags: 'spicy, night' })),
    ...Array.from({ length: 3 }, (_, i) => item(200 + i, { language: 'ko', description: `한국어 페르소나 ${i}` })),
  ]);
  reader = await signUp(ctx, 'reader@example.com');
  adult = await signUp(ctx, 'grown@example.com');
  await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: adult.auth });
});
afterAll(() => ctx.close());

const list = (query: string, headers: Record<string, string> = {}) => ctx.request('GET', `/api/v1/persona/list/?${query}`, { headers });

describe('the persona feed', () => {
  it('pages 20 at a time with no repeats or gaps, even while new personas arrive and used counts change', async () => {
    const first = await list('page=1&language=en', reader.auth);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, page_size: 20, has_more: true });
    expect(first.body.data.results).toHaveLength(20);
    const snapshot = first.body.data.snapshot;

    // Meanwhile: a new persona arrives and a popular one gets used a lot.
    await importPersonas(ctx.database.db, [item(999, { description: 'brand new' })]);
    for (let i = 0; i < 5; i++)
      await ctx.request('POST', '/api/v1/persona/addused/', {
        body: { persona_uid: first.body.data.results[19].uid },
        headers: { 'x-forwarded-for': someIp() },
      });

    const second = await list(`page=2&language=en&snapshot=${snapshot}`, reader.auth);
    const third = await list(`page=3&language=en&snapshot=${snapshot}`, reader.auth);
    expect(second.body.data.results).toHaveLength(20);
    expect(third.body.data.results).toHaveLength(5);
    expect(third.body.data.has_more).toBe(false);
    const all = [...first.body.data.results, ...second.body.data.results, ...third.body.data.results].map((p: Persona) => p.description);
    expect(new Set(all).size).toBe(45);
    expect(all).not.toContain('brand new');
    // Most used first, as seeded.
    expect(all[0]).toBe('Persona number 44');

    const fresh = await list('page=1&language=en', reader.auth);
    expect(fresh.body.data.results[0].description).toBe('brand new');
  });

  it('filters by language, tag and text', async () => {
    const ko = await list('language=ko');
    expect(ko.body.data.results.map((p: Persona) => p.language)).toEqual(['ko', 'ko', 'ko']);
    const tagged = await list('language=en&tag=rivals');
    expect(tagged.body.data.results.length).toBeGreaterThan(0);
    expect(tagged.body.data.results.every((p: Persona) => p.tags.split(', ').includes('rivals'))).toBe(true);
    const q = await list('q=' + encodeURIComponent('페르소나 1'));
    expect(q.body.data.results.map((p: Persona) => p.description)).toEqual(['한국어 페르소나 1']);
    const percent = await list('q=%25');
    expect(percent.body.data.results).toHaveLength(0);
    const bad = await list('page=0');
    expect(bad.body.base_resp.status_code).toBe(400001);
  });

  it('shows adult personas only to accounts that confirmed 18+, not even in details', async () => {
    const everyone = await list('language=en&tag=spicy', reader.auth);
    expect(everyone.body.data.results).toHaveLength(0);
    const anon = await list('language=en&tag=spicy');
    expect(anon.body.data.results).toHaveLength(0);
    const grown = await list('language=en&tag=spicy', adult.auth);
    expect(grown.body.data.results).toHaveLength(5);
    const uid = grown.body.data.results[0].uid;
    expect(grown.body.data.results[0].is_r18).toBe(1);

    const denied = await ctx.request('GET', `/api/v1/persona/details/?persona_uid=${uid}`, { headers: reader.auth });
    expect(denied.status).toBe(403);
    expect(denied.body.base_resp.status_code).toBe(403001);
    expect(JSON.stringify(denied.body)).not.toContain('adult courier');
    const anonDenied = await ctx.request('GET', `/api/v1/persona/details/?persona_uid=${uid}`);
    expect(anonDenied.body.base_resp.status_code).toBe(403001);
    expect((await ctx.request('POST', '/api/v1/persona/favorite/', { body: { post_id: uid }, headers: reader.auth })).status).toBe(403);
    const allowed = await ctx.request('GET', `/api/v1/persona/details/?persona_uid=${uid}`, { headers: adult.auth });
    expect(allowed.status).toBe(200);
  });

  it('answers details for GET, form-encoded POST and JSON POST, and 404001 for unknown ids', async () => {
    const uid = (await list('language=en')).body.data.results[0].uid;
    const get = await ctx.request('GET', `/api/v1/persona/details/?persona_uid=${uid}`);
    const form = await ctx.request('POST', '/api/v1/persona/details/', {
      raw: `persona_uid=${uid}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const json = await ctx.request('POST', '/api/v1/persona/details/', { body: { persona_uid: uid } });
    expect(get.body.data).toEqual(form.body.data);
    expect(json.body.data).toEqual(get.body.data);
    expect(get.body.data).toMatchObject({ uid, is_favorite: false, is_mine: false, first_person: 0, dialogue_heavy: 0 });
    const missing = await ctx.request('GET', '/api/v1/persona/details/?persona_uid=nope');
    expect(missing.status).toBe(404);
    expect(missing.body.base_resp.status_code).toBe(404001);
  });
});

describe('favourites and uses', () => {
  it('toggles a favourite both ways and lists favourites newest first', async () => {
    const me = await signUp(ctx, 'fan@example.com');
    const [a, b] = (await list('language=en', me.auth)).body.data.results;
    const fav = (uid: string) => ctx.request('POST', '/api/v1/persona/favorite/', { body: { post_id: uid }, headers: me.auth });
    expect((await fav(a.uid)).body.data).toEqual({ is_favorite: true });
    expect((await fav(b.uid)).body.data).toEqual({ is_favorite: true });
    const mine = await ctx.request('GET', '/api/v1/persona/list/myfavorite/?page=1', { headers: me.auth });
    expect(mine.body.data.results.map((p: Persona) => p.uid)).toEqual([b.uid, a.uid]);
    expect(mine.body.data.results.every((p: Persona) => p.is_favorite)).toBe(true);
    const feed = await list('language=en', me.auth);
    expect(
      feed.body.data.results
        .filter((p: Persona) => p.is_favorite)
        .map((p: Persona) => p.uid)
        .sort(),
    ).toEqual([a.uid, b.uid].sort());

    expect((await fav(a.uid)).body.data).toEqual({ is_favorite: false });
    const after = await ctx.request('GET', '/api/v1/persona/list/myfavorite/', { headers: me.auth });
    expect(after.body.data.results.map((p: Persona) => p.uid)).toEqual([b.uid]);
    expect((await ctx.request('GET', '/api/v1/persona/list/myfavorite/')).status).toBe(401);
  });

  it('leaves one consistent state after simultaneous toggles', async () => {
    const me = await signUp(ctx, 'racer@example.com');
    const uid = (await list('language=en', me.auth)).body.data.results[3].uid;
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => ctx.request('POST', '/api/v1/persona/favorite/', { body: { post_id: uid }, headers: me.auth })),
    );
    const on = answers.filter((a) => a.body.data.is_favorite).length;
    expect(on).toBe(4); // alternating answers: true, false, true, … for 7 toggles
    const rows = await ctx.database.pool.query(
      'select count(*)::int as n from persona_favorites where user_uid = $1 and persona_uid = $2',
      [me.uid, uid],
    );
    expect(rows.rows[0].n).toBe(1);
    const details = await ctx.request('GET', `/api/v1/persona/details/?persona_uid=${uid}`, { headers: me.auth });
    expect(details.body.data.is_favorite).toBe(true);
  });

  it('counts 50 simultaneous uses by 50 visitors exactly', async () => {
    const target = (await list('language=ko')).body.data.results[0];
    await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.request('POST', '/api/v1/persona/addused/', { body: { persona_uid: target.uid }, headers: { 'x-forwarded-for': someIp() } }),
      ),
    );
    const after = await ctx.request('GET', `/api/v1/persona/details/?persona_uid=${target.uid}`);
    expect(after.body.data.used_count).toBe(target.used_count + 50);
  });
});

describe('personas written by users', () => {
  it('lets an author publish, edit and delete their own persona, and nobody else', async () => {
    const author = await signUp(ctx, 'author@example.com');
    const created = await ctx.request('POST', '/api/v1/persona/create/', {
      headers: author.auth,
      body: {
        char_a_name: 'Ines',
        char_a_setting: 'a lighthouse keeper, 34',
        char_b_name: 'Tomas',
        char_b_setting: 'a shipwrecked cartographer, 31',
        plot: 'A storm strands him on her island.',
        description: 'Storm-bound strangers',
        tags: 'slow burn,  sea , slow burn',
        is_r18: 0,
        first_person: 2,
        dialogue_heavy: 1,
        language: 'en',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ tags: 'slow burn, sea', is_mine: true, first_person: 2 });
    expect(created.body.data.author_name).not.toMatch(/author/i); // a pen name, not the address (issue 25)
    const uid = created.body.data.uid;

    const edited = await ctx.request('POST', '/api/v1/persona/edit/', {
      headers: author.auth,
      body: { persona_uid: uid, description: 'Storm-bound' },
    });
    expect(edited.body.data).toMatchObject({ description: 'Storm-bound', char_a_setting: 'a lighthouse keeper, 34' });
    const stranger = await ctx.request('POST', '/api/v1/persona/edit/', {
      headers: reader.auth,
      body: { persona_uid: uid, description: 'mine now' },
    });
    expect(stranger.body.base_resp.status_code).toBe(403001);
    expect((await ctx.request('POST', '/api/v1/persona/delete/', { headers: reader.auth, body: { persona_uid: uid } })).status).toBe(403);

    const adultByMinor = await ctx.request('POST', '/api/v1/persona/edit/', {
      headers: author.auth,
      body: { persona_uid: uid, is_r18: 1 },
    });
    expect(adultByMinor.body.base_resp.status_code).toBe(403001);

    expect((await ctx.request('POST', '/api/v1/persona/delete/', { headers: author.auth, body: { persona_uid: uid } })).status).toBe(200);
    expect((await ctx.request('GET', `/api/v1/persona/details/?persona_uid=${uid}`)).status).toBe(404);
  });
});

describe('the seed catalogue', () => {
  it('is valid and loads idempotently', async () => {
    const catalogue = seedCatalogue();
    const first = await importPersonas(ctx.database.db, catalogue);
    const second = await importPersonas(ctx.database.db, catalogue);
    expect(first.inserted).toBe(catalogue.length);
    expect(second.inserted).toBe(0);
  });
});
