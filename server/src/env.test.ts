import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, missingMarketSettings, missingOperatorSettings, parseDuration, TAKEDOWN_EMAIL_PLACEHOLDER } from './env';

describe('configuration', () => {
  it('runs with no configuration at all, on the defaults of CONTRACT.md', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('./data'),
      ACCESS_TOKEN_TTL: 900,
      REFRESH_TOKEN_TTL: 30 * 86400,
      REQUIRE_EMAIL_VERIFICATION: true,
      LLM_PROVIDER: 'offline',
      GENERATION_WORKERS: 2,
      PAYMENTS: 'sandbox',
      PUBLIC_URL: 'http://127.0.0.1:8080',
      ADMIN_EMAILS: [],
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('trusts no proxy header unless TRUST_PROXY names the proxies (issue 18)', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.1,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '172.16.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '10.0.0.300', 'loopback,,nope']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("reads the per-process cache's lifetime (CACHE_MS) as whole milliseconds up to a minute, 30 s unset whatever NODE_ENV says", () => {
    expect(loadEnv({}).CACHE_MS).toBe(30_000);
    expect(loadEnv({ NODE_ENV: 'test' }).CACHE_MS).toBe(30_000);
    expect(loadEnv({ CACHE_MS: '0' }).CACHE_MS).toBe(0);
    expect(loadEnv({ CACHE_MS: '1500' }).CACHE_MS).toBe(1500);
    for (const bad of ['-1', '1.5', '60001', 'soon']) expect(() => loadEnv({ CACHE_MS: bad }), bad).toThrow(/CACHE_MS/);
  });

  it('checks locally unless MODERATION_PROVIDER is openai or llm (whose model defaults in safety/index.ts)', () => {
    expect(loadEnv({}).MODERATION_PROVIDER).toBeUndefined();
    expect(loadEnv({}).MODERATION_MODEL).toBeUndefined();
    expect(
      loadEnv({ MODERATION_PROVIDER: 'llm', LLM_PROVIDER: 'openai', LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm' })
        .MODERATION_PROVIDER,
    ).toBe('llm');
    expect(() => loadEnv({ MODERATION_PROVIDER: 'llm' })).toThrow(/MODERATION_MODEL/);
    expect(() => loadEnv({ MODERATION_PROVIDER: 'judge' })).toThrow(/MODERATION_PROVIDER/);
    expect(loadEnv({ MODERATION_PROVIDER: '' }).MODERATION_PROVIDER).toBeUndefined();
    // Issue 46: `none` turns the default judge off; with llamacpp the judge is the local model (no URL needed).
    expect(loadEnv({ MODERATION_PROVIDER: 'none' }).MODERATION_PROVIDER).toBe('none');
    expect(loadEnv({ MODERATION_PROVIDER: 'llm', LLM_PROVIDER: 'llamacpp', LLM_MODEL_PATH: '/m.gguf' }).MODERATION_PROVIDER).toBe('llm');
    expect(() => loadEnv({ MODERATION_CONCURRENCY: '0' })).toThrow(/MODERATION_CONCURRENCY/);
    expect(loadEnv({ MODERATION_PROVIDER: 'openai', LLM_API_KEY: 'sk-test', MODERATION_MODEL: 'text-moderation-latest' })).toMatchObject({
      MODERATION_PROVIDER: 'openai',
      MODERATION_MODEL: 'text-moderation-latest',
    });
  });

  it('runs the free sandbox checkout by default only on loopback; elsewhere the operator must choose (issue 25)', () => {
    expect(loadEnv({})).toMatchObject({ PAYMENTS: 'sandbox', PAYMENTS_SANDBOX_PUBLIC: false });
    expect(loadEnv({ HOST: '::1', PUBLIC_URL: 'http://localhost:8080' })).toMatchObject({
      PAYMENTS: 'sandbox',
      PAYMENTS_SANDBOX_PUBLIC: false,
    });
    expect(() => loadEnv({ HOST: '0.0.0.0' })).toThrow(/PAYMENTS is unset on an address others can reach \(HOST=0\.0\.0\.0/);
    // docker-compose.yml passes PAYMENTS empty unless the operator chose (issue 45): the same one line.
    expect(() => loadEnv({ HOST: '0.0.0.0', PAYMENTS: '' })).toThrow(/PAYMENTS is unset on an address others can reach \(HOST=0\.0\.0\.0/);
    expect(() => loadEnv({ HOST: '0.0.0.0', PAYMENTS: 'free' })).toThrow(/PAYMENTS must be stripe or sandbox \(got "free"\)/);
    expect(() => loadEnv({ PUBLIC_URL: 'https://butterfic.example' })).toThrow(
      /set PAYMENTS=stripe with its three STRIPE_\* keys, or PAYMENTS=sandbox/,
    );
    expect(loadEnv({ HOST: '0.0.0.0', PAYMENTS: 'sandbox' })).toMatchObject({ PAYMENTS: 'sandbox', PAYMENTS_SANDBOX_PUBLIC: true });
    expect(
      loadEnv({
        PUBLIC_URL: 'https://butterfic.example',
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toMatchObject({
      PAYMENTS: 'stripe',
      PAYMENTS_SANDBOX_PUBLIC: false,
    });
    expect(() => loadEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toThrow(/sandbox never runs with NODE_ENV=production/);
  });

  it('parses durations in the 2s, 10m, 1h and 30d forms', () => {
    expect(parseDuration('2s')).toBe(2);
    expect(parseDuration('10m')).toBe(600);
    expect(parseDuration('1h')).toBe(3600);
    expect(parseDuration('30d')).toBe(2_592_000);
    expect(parseDuration('10')).toBeNull();
    expect(parseDuration('0s')).toBeNull();
    expect(parseDuration('1w')).toBeNull();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ACCESS_TOKEN_TTL: '15 minutes' }, 'ACCESS_TOKEN_TTL'],
    [{ REQUIRE_EMAIL_VERIFICATION: 'maybe' }, 'REQUIRE_EMAIL_VERIFICATION'],
    [{ LLM_PROVIDER: 'gpt' }, 'LLM_PROVIDER'],
    [{ LLM_PROVIDER: 'openai', LLM_BASE_URL: 'http://127.0.0.1:1234/v1' }, 'LLM_MODEL'],
    [{ LLM_PROVIDER: 'llamacpp' }, 'LLM_MODEL_PATH'],
    [{ GENERATION_WORKERS: '-1' }, 'GENERATION_WORKERS'],
    [{ PAYMENTS: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }, 'PAYMENTS'],
    [
      { NODE_ENV: 'production', PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh' },
      'SMTP_URL',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ TAKEDOWN_EMAIL: 'legal at example.com' }, 'TAKEDOWN_EMAIL'],
    [{ STRIPE_API_BASE: '127.0.0.1:12111' }, 'STRIPE_API_BASE'],
    [{ STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' }, 'STRIPE_API_BASE'],
    [{ MODERATION_PROVIDER: 'azure' }, 'MODERATION_PROVIDER'],
    [{ MODERATION_PROVIDER: 'openai' }, 'MODERATION_BASE_URL'],
    [{ MODERATION_PROVIDER: 'openai', MODERATION_BASE_URL: 'moderation.local' }, 'MODERATION_BASE_URL'],
  ])('stops on %o with one line naming %s', (source, variable) => {
    let error: unknown;
    try {
      loadEnv(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).variable).toBe(variable);
    expect((error as EnvError).message).toContain(variable);
    expect((error as EnvError).message).not.toContain('\n');
  });

  it('accepts a complete openai and stripe configuration', () => {
    const env = loadEnv({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'qwen2.5',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ADMIN_EMAILS: ' Ops@Example.com, ,b@x.io',
      PUBLIC_URL: 'https://fic.example.com/',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(env.STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
    expect(env.LLM_PROVIDER).toBe('openai');
    expect(env.ADMIN_EMAILS).toEqual(['ops@example.com', 'b@x.io']);
    expect(env.PUBLIC_URL).toBe('https://fic.example.com');
  });

  it('sends takedown notices to TAKEDOWN_EMAIL, else its own default, never an admin login (issue 25)', () => {
    expect(loadEnv({ TAKEDOWN_EMAIL: ' legal@fic.example ', ADMIN_EMAILS: 'ops@fic.example' }).TAKEDOWN_EMAIL).toBe('legal@fic.example');
    expect(loadEnv({ ADMIN_EMAILS: ' , Ops@Fic.example,b@fic.example' }).TAKEDOWN_EMAIL).toBe(TAKEDOWN_EMAIL_PLACEHOLDER);
    expect(loadEnv({ ADMIN_EMAILS: 'ops@fic.example', PUBLIC_URL: 'https://www.fic.example/', PAYMENTS: 'sandbox' }).TAKEDOWN_EMAIL).toBe(
      'takedown@fic.example',
    );
    expect(loadEnv({ PUBLIC_URL: 'http://192.168.1.5:3000', PAYMENTS: 'sandbox' }).TAKEDOWN_EMAIL).toBe(TAKEDOWN_EMAIL_PLACEHOLDER);
    expect(() => loadEnv({ TAKEDOWN_EMAIL: 'Ops@fic.example', ADMIN_EMAILS: 'ops@fic.example' })).toThrow(/TAKEDOWN_EMAIL.*admin login/);
    expect(loadEnv({ TAKEDOWN_EMAIL: '' }).TAKEDOWN_EMAIL).toBe(TAKEDOWN_EMAIL_PLACEHOLDER);
    expect(TAKEDOWN_EMAIL_PLACEHOLDER).toMatch(/@[^@]+\.invalid$/);
  });

  it('reads who runs the service, names the settings still unset, and keeps the policy date unless changed', () => {
    const unset = loadEnv({});
    expect(missingOperatorSettings(unset)).toEqual(['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL', 'GOVERNING_LAW']);
    expect(unset.POLICY_UPDATED).toBe('2025-03-25');
    const set = loadEnv({
      OPERATOR_NAME: ' Butterfic Ltd ',
      OPERATOR_ADDRESS: '1 Quay Street, Dublin',
      OPERATOR_EMAIL: 'hello@fic.example',
      GOVERNING_LAW: 'the laws of Ireland',
      POLICY_UPDATED: '2026-11-01',
    });
    expect(set.OPERATOR_NAME).toBe('Butterfic Ltd');
    expect(missingOperatorSettings(set)).toEqual([]);
    expect(set.POLICY_UPDATED).toBe('2026-11-01');
    expect(() => loadEnv({ OPERATOR_EMAIL: 'hello at fic' })).toThrow(/OPERATOR_EMAIL/);
    expect(() => loadEnv({ POLICY_UPDATED: '25 March 2025' })).toThrow(/POLICY_UPDATED/);
    expect(() => loadEnv({ POLICY_UPDATED: '2025-02-31x' })).toThrow(/POLICY_UPDATED/);
  });

  it('gives each market one minimum age: the legal floor (14 in Korea and mainland China), raised but never lowered by MIN_AGES', () => {
    expect(loadEnv({}).MIN_AGES).toEqual({ en: 13, 'zh-CN': 14, 'zh-TW': 13, ko: 14, ja: 13 });
    expect(loadEnv({ MIN_AGES: 'ko=15, JA=16' }).MIN_AGES).toEqual({ en: 13, 'zh-CN': 14, 'zh-TW': 13, ko: 15, ja: 16 });
    expect(() => loadEnv({ MIN_AGES: 'ko=13' })).toThrow(/MIN_AGES cannot set ko below 14/);
    expect(() => loadEnv({ MIN_AGES: 'zh-CN=12' })).toThrow(/MIN_AGES cannot set zh-CN below 14/);
    expect(() => loadEnv({ MIN_AGES: 'fr=16' })).toThrow(/MIN_AGES must be language=age pairs/);
    expect(() => loadEnv({ MIN_AGES: 'en=140' })).toThrow(/MIN_AGES .*highest/);
  });

  it('checks the shape of the Taiwanese and Chinese registration numbers', () => {
    const set = loadEnv({ TW_BUSINESS_NUMBER: '12345678', CN_CREDIT_CODE: '91310000MA1FL8XW2N' });
    expect(set.TW_BUSINESS_NUMBER).toBe('12345678');
    expect(missingMarketSettings(set)).not.toContain('TW_BUSINESS_NUMBER');
    expect(missingMarketSettings(loadEnv({}))).toHaveLength(8);
    expect(() => loadEnv({ TW_BUSINESS_NUMBER: '1234-5678' })).toThrow(/TW_BUSINESS_NUMBER/);
    expect(() => loadEnv({ CN_CREDIT_CODE: '12345' })).toThrow(/CN_CREDIT_CODE/);
  });
});
