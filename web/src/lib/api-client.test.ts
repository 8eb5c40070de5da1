import { STATUS } from '@butterfic/contract/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from './api-client';

/**
 * The client's session faults, against a fake server that rotates refresh tokens strictly (no grace
 * window: a refresh token spent twice ends the session), and tabs that share one localStorage and one
 * Web Locks manager as the tabs of one origin do. Each tab is its own copy of the module.
 */

type Module = typeof ApiClient;

class MemoryStorage {
  private map = new Map<string, string>();
  getItem = (key: string) => this.map.get(key) ?? null;
  setItem = (key: string, value: string) => void this.map.set(key, String(value));
  removeItem = (key: string) => void this.map.delete(key);
  clear = () => this.map.clear();
}

/** One lock manager for every tab: a request waits for the previous holder's task to settle. */
function sharedLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name: string, task: (lock: { name: string }) => unknown) {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => task({ name }));
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

const json = (status: number, code: number, data?: unknown) =>
  new Response(JSON.stringify({ base_resp: { status_code: code, status_msg: code ? 'refused' : 'ok' }, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Access tokens `a<n>`, refresh tokens `r<n>`; only the newest pair works. */
class FakeServer {
  generation = 1;
  refreshCalls = 0;
  revoked = false;
  /** The refresh call gets no answer (the connection drops as the tab renews its token). */
  refreshDown = false;
  /** What /user/info/ answers to the newest access token (a ban shows here). */
  infoAnswer: () => Response = () => json(200, 0, { uid: 'u1' });
  fetch = async (url: string, init: RequestInit): Promise<Response> => {
    await Promise.resolve();
    const auth = new Headers(init.headers).get('authorization');
    if (url.startsWith('/api/v1/user/refresh_token/')) {
      if (this.refreshDown) throw new TypeError('Failed to fetch');
      this.refreshCalls++;
      const { refresh } = JSON.parse(String(init.body)) as { refresh: string };
      if (this.revoked || refresh !== `r${this.generation}`) {
        this.revoked = true; // spent twice: the family ends
        return json(401, STATUS.tokenInvalid);
      }
      this.generation++;
      return json(200, 0, { access: `a${this.generation}`, refresh: `r${this.generation}` });
    }
    if (this.revoked) return json(401, STATUS.tokenInvalid);
    if (auth !== `Bearer a${this.generation}`) return json(401, STATUS.tokenExpired);
    return this.infoAnswer();
  };
}

let server: FakeServer;
let localStorage: MemoryStorage;
let navigations: { kind: string; tokensLeft: (string | null)[] }[];

async function openTab(): Promise<Module> {
  vi.resetModules();
  const tab = await import('./api-client');
  tab.setAuthFailureHandler((kind) =>
    navigations.push({ kind, tokensLeft: [localStorage.getItem('access_token'), localStorage.getItem('refresh_token')] }),
  );
  return tab;
}

beforeEach(() => {
  server = new FakeServer();
  localStorage = new MemoryStorage();
  navigations = [];
  // The session as the login left it, then the access token expired (generation 2 is current on the server).
  server.generation = 2;
  localStorage.setItem('access_token', 'a1');
  localStorage.setItem('refresh_token', 'r2');
  localStorage.setItem('user_info', JSON.stringify({ uid: 'u1', name: 'n', email: 'e@example.com', language: 'en' }));
  vi.stubGlobal('window', { localStorage, location: { origin: 'http://app.test', pathname: '/user', assign: vi.fn() } });
  vi.stubGlobal('navigator', { locks: sharedLocks(), languages: ['en'] });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => server.fetch(url, init));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshing across tabs', () => {
  it('spends the refresh token once when two tabs find the access token expired at the same moment', async () => {
    const [tabA, tabB] = [await openTab(), await openTab()];
    const [a, b] = await Promise.all([tabA.api.get('/user/info/'), tabB.api.get('/user/info/')]);
    expect(a).toEqual({ uid: 'u1' });
    expect(b).toEqual({ uid: 'u1' });
    expect(server.refreshCalls).toBe(1);
    expect(server.revoked).toBe(false);
    expect(localStorage.getItem('refresh_token')).toBe('r3');
    expect(navigations).toEqual([]);
  });

  it('shares one refresh between the calls of one tab, also without Web Locks', async () => {
    vi.stubGlobal('navigator', { languages: ['en'] });
    const tab = await openTab();
    const results = await Promise.all([tab.api.get('/user/info/'), tab.api.get('/user/info/'), tab.api.get('/user/info/')]);
    expect(results).toHaveLength(3);
    expect(server.refreshCalls).toBe(1);
  });
});

describe('a refresh that gets no answer', () => {
  it('keeps the session, reports a network error, offers a retry that renews it', async () => {
    const tab = await openTab();
    const unreachable = vi.fn();
    tab.setRefreshUnreachableHandler(unreachable);
    server.refreshDown = true;
    const failure = await tab.api.get('/user/info/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(tab.ApiError);
    expect((failure as InstanceType<Module['ApiError']>).code).toBe(tab.NETWORK_ERROR);
    expect(unreachable).toHaveBeenCalledTimes(1);
    expect(navigations).toEqual([]);
    expect(localStorage.getItem('refresh_token')).toBe('r2');

    // Still offline: the retry says so again and keeps the session.
    expect(await tab.retryRenewal()).toBe(false);
    expect(unreachable).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('refresh_token')).toBe('r2');

    server.refreshDown = false;
    expect(await tab.retryRenewal()).toBe(true);
    expect(localStorage.getItem('access_token')).toBe('a3');
    expect(await tab.api.get('/user/info/')).toEqual({ uid: 'u1' });
    expect(navigations).toEqual([]);
  });

  it('treats a server fault during the refresh as no answer, not as a logout', async () => {
    const tab = await openTab();
    const realFetch = server.fetch;
    server.fetch = async (url, init) => (url.startsWith('/api/v1/user/refresh_token/') ? json(502, STATUS.internal) : realFetch(url, init));
    await expect(tab.api.get('/user/info/')).rejects.toMatchObject({ code: tab.NETWORK_ERROR });
    expect(navigations).toEqual([]);
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });
});

describe('auth failures', () => {
  it('clears the stored session before it goes to the login screen when the refresh is refused', async () => {
    server.revoked = true;
    const tab = await openTab();
    await expect(tab.api.get('/user/info/')).rejects.toMatchObject({ code: STATUS.tokenInvalid });
    expect(navigations).toEqual([{ kind: 'login', tokensLeft: [null, null] }]);
    expect(localStorage.getItem('user_info')).toBeNull();
  });

  it('sends the call retried after a refresh through the same handling (a ban found on the retry)', async () => {
    server.infoAnswer = () => json(403, STATUS.accountBlocked);
    const tab = await openTab();
    await expect(tab.api.get('/user/info/')).rejects.toMatchObject({ code: STATUS.accountBlocked });
    expect(server.refreshCalls).toBe(1);
    expect(navigations).toEqual([{ kind: 'login', tokensLeft: [null, null] }]);
  });

  it('sends an unverified address found on the retry to /verify', async () => {
    server.infoAnswer = () => json(403, STATUS.emailNotVerified);
    const tab = await openTab();
    await expect(tab.api.get('/user/info/')).rejects.toMatchObject({ code: STATUS.emailNotVerified });
    expect(navigations.map((n) => n.kind)).toEqual(['verify']);
  });

  it('never refreshes twice for one call: an access token refused again after a refresh ends the session', async () => {
    server.infoAnswer = () => json(401, STATUS.tokenExpired);
    const tab = await openTab();
    await expect(tab.api.get('/user/info/')).rejects.toMatchObject({ code: STATUS.tokenExpired });
    expect(server.refreshCalls).toBe(1);
    expect(navigations.map((n) => n.kind)).toEqual(['login']);
  });
});
