import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, someIp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { givePenNames } from '../../db/pen-names';
import { appMeta, personas, users } from '../../db/schema';
import { PEN_NAME_WORDS } from '../../lib/pen-names';

/** Issue 25: accounts are shown by pen names, never by anything taken from their e-mail address. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const info = async (auth: Record<string, string>) => (await ctx.request('GET', '/api/v1/user/info/', { headers: auth })).body.data;
const isPenName = (name: string, language: keyof typeof PEN_NAME_WORDS) => {
  const words = PEN_NAME_WORDS[language];
  return words.first.some((a) => words.second.some((b) => new RegExp(`^${words.join(a, b, 0).replace(/0$/, '')}\\d{2,4}$`).test(name)));
};

describe('pen names', () => {
  it.each(['en', 'zh-CN', 'zh-TW', 'ko', 'ja'] as const)(
    'gives a new %s account two words in its language and a number',
    async (language) => {
      const me = await signUp(ctx, `penname-${language.toLowerCase()}@example.com`, { language });
      const { name } = await info(me.auth);
      expect(isPenName(name, language), name).toBe(true);
      expect(name.toLowerCase()).not.toContain('penname');
    },
  );

  it('never uses the local part a SPEC client sends as the name, but keeps a chosen name', async () => {
    const headers = { 'x-forwarded-for': someIp() };
    const sameAsAddress = await ctx.request('POST', '/api/v1/user/create/', {
      body: { email: 'Secret.Person@example.com', password: PASSWORD, name: 'secret.person' },
      headers,
    });
    expect(sameAsAddress.status).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.uid, sameAsAddress.body.data.uid));
    expect(isPenName(row!.name, 'en'), row!.name).toBe(true);
    const chosen = await ctx.request('POST', '/api/v1/user/create/', {
      body: { email: 'chooser@example.com', password: PASSWORD, name: 'Moonlit Author' },
      headers,
    });
    const [kept] = await ctx.database.db.select().from(users).where(eq(users.uid, chosen.body.data.uid));
    expect(kept!.name).toBe('Moonlit Author');
  });

  it('changes on /user, but not to the address or its local part', async () => {
    const me = await signUp(ctx, 'renamer@example.com');
    const before = (await info(me.auth)).name as string;
    for (const name of ['renamer', 'RENAMER', 'renamer@example.com']) {
      const refused = await ctx.request('POST', '/api/v1/user/modify/', {
        body: { email: 'renamer@example.com', name, language: 'en' },
        headers: { ...me.auth, 'accept-language': 'ja' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields.name).toMatch(/not your e-mail/);
      expect(refused.body.base_resp.status_msg).toBe('メールアドレス以外の名前にしてください。');
    }
    // The language call sends the name unchanged: still fine.
    const same = await ctx.request('POST', '/api/v1/user/modify/', {
      body: { email: 'renamer@example.com', name: before, language: 'ko' },
      headers: me.auth,
    });
    expect(same.status).toBe(200);
    const renamed = await ctx.request('POST', '/api/v1/user/modify/', {
      body: { email: 'renamer@example.com', name: 'Night Owl', language: 'ko' },
      headers: me.auth,
    });
    expect(renamed.body.data.name).toBe('Night Owl');
  });

  it('migration 0022 gives a pen name to each account named after its address, its personas too, once', async () => {
    const db = ctx.database.db;
    const row = (uid: string, email: string, name: string, language: 'en' | 'ko') => ({
      uid,
      email,
      name,
      language,
      passwordHash: 'x',
      invitationCode: uid.toUpperCase().padEnd(8, 'Q').slice(0, 8),
      emailVerifiedAt: new Date(),
    });
    await db
      .insert(users)
      .values([
        row('pnold1', 'Old.Reader@example.com', 'Old.Reader', 'en'),
        row('pnold2', 'minji@example.kr', 'minji', 'ko'),
        row('pnold3', 'whole@example.com', 'whole@example.com', 'en'),
        row('pnkeep', 'keeper@example.com', 'Harbor Light', 'en'),
      ]);
    await db.insert(personas).values({
      uid: 'pnpersona1',
      authorUid: 'pnold2',
      authorName: 'minji',
      description: 'd',
      charAName: 'A',
      charASetting: 'a',
      charBName: 'B',
      charBSetting: 'b',
      plot: 'p',
      language: 'ko',
    });
    await db.delete(appMeta).where(eq(appMeta.key, 'pen_names'));
    const report = await givePenNames(db);
    expect(report?.renamed).toBe(3);
    const byUid = new Map(
      (
        await db
          .select()
          .from(users)
          .where(sql`${users.uid} like 'pn%'`)
      ).map((u) => [u.uid, u.name]),
    );
    expect(isPenName(byUid.get('pnold1')!, 'en'), byUid.get('pnold1')).toBe(true);
    expect(isPenName(byUid.get('pnold2')!, 'ko'), byUid.get('pnold2')).toBe(true);
    expect(isPenName(byUid.get('pnold3')!, 'en'), byUid.get('pnold3')).toBe(true);
    expect(byUid.get('pnkeep')).toBe('Harbor Light');
    const [persona] = await db.select().from(personas).where(eq(personas.uid, 'pnpersona1'));
    expect(persona!.authorName).toBe(byUid.get('pnold2'));
    expect(await givePenNames(db)).toBeNull(); // once
  });
});
