import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPersona } from '../features/personas/api/get-persona';
import { listWorks } from '../features/novels/api/list-works';
import { cannotAfford } from '../features/samples/hooks/useGenerateFromSample';
import { getUserInfo } from '../lib/account/user-info';
import { logout } from '../features/accounts/api/logout';
import { languageChangeBody } from '../features/accounts/hooks/useChooseLanguage';

/** Issue 19: the calls SPEC.md section 7 describes, as the web app sends them. */
type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };
let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  const store = new Map<string, string>([
    ['access_token', 'access-1'],
    ['user_info', JSON.stringify({ uid: 'u-me', name: 'Quill', email: 'quill@example.com', language: 'en' })],
  ]);
  vi.stubGlobal('window', {
    location: { origin: 'http://app.test', pathname: '/' },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
      clear: () => store.clear(),
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body });
    return new Response(JSON.stringify({ base_resp: { status_code: 0, status_msg: 'success' }, data: {} }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('SPEC.md section 7 calls', () => {
  it('asks for persona details with a form-encoded persona_uid', async () => {
    await getPersona('p-42');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/v1/persona/details/', method: 'POST' });
    expect(sent[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(String(sent[0]?.body)).toBe('persona_uid=p-42');
  });

  it('lists the works with author_uid and page', async () => {
    await listWorks(2);
    const url = new URL(sent[0]!.url, 'http://app.test');
    expect(url.pathname).toBe('/api/v1/novel/list/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ author_uid: 'u-me', page: '2' });
  });

  it('asks for the user info with the account uid', async () => {
    await getUserInfo();
    const url = new URL(sent[0]!.url, 'http://app.test');
    expect(url.pathname).toBe('/api/v1/user/info/');
    expect(url.searchParams.get('uid')).toBe('u-me');
    expect(sent[0]?.headers.Authorization).toBe('Bearer access-1');
  });

  it('changes the language with email, name and language, as /user/modify/ is sent', () => {
    expect(languageChangeBody({ email: 'quill@example.com', name: 'Quill' }, 'ko')).toEqual({
      email: 'quill@example.com',
      name: 'Quill',
      language: 'ko',
    });
  });

  it('logs out one session, or every session with everywhere', async () => {
    await logout('r-1');
    await logout('r-1', true);
    expect(sent.map((s) => JSON.parse(String(s.body)))).toEqual([{ refresh: 'r-1' }, { refresh: 'r-1', everywhere: true }]);
  });
});

describe('the sample page insufficient-Butter check', () => {
  it('opens the dialog only when a known balance cannot pay for a story', () => {
    expect(cannotAfford(5)).toBe(true);
    expect(cannotAfford(6)).toBe(false);
    expect(cannotAfford(undefined)).toBe(false);
  });

  it('lets a running time pass through whatever the balance, and not one that has ended', () => {
    const now = 1_800_000_000;
    expect(cannotAfford(0, now + 3600, now)).toBe(false);
    expect(cannotAfford(0, now - 1, now)).toBe(true);
    expect(cannotAfford(0, null, now)).toBe(true);
  });
});
