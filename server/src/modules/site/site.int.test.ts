import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('GET /api/v1/site/info/', () => {
  it('tells anyone, signed in or not, where takedown notices go and the minimum age', async () => {
    ctx = await createTestContext({ env: { TAKEDOWN_EMAIL: 'rights@fic.example', ADMIN_EMAILS: 'ops@fic.example' } });
    const visitor = await ctx.request('GET', '/api/v1/site/info/');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({
      base_resp: { status_code: 0, status_msg: 'success' },
      data: {
        takedown_email: 'rights@fic.example',
        min_age: 13,
        // One minimum age per market: 14 in Korea and mainland China (개인정보 보호법, 个人信息保护法 art. 31), 13 elsewhere.
        min_ages: { en: 13, 'zh-CN': 14, 'zh-TW': 13, ko: 14, ja: 13 },
        policy_updated: '2025-03-25',
        operator: {
          name: null,
          address: null,
          email: null,
          governing_law: null,
          company_number: null,
          privacy_contact: null,
          representative: null,
          phone: null,
          kr_business_number: null,
          kr_mail_order_number: null,
          kr_privacy_officer: null,
          tw_business_number: null,
          cn_credit_code: null,
          cn_representative: null,
        },
        sandbox_payments: false,
      },
    });
    // A reader whose session has gone stale still reads the policy pages.
    const stale = await ctx.request('GET', '/api/v1/site/info', { headers: { authorization: 'Bearer not-a-token' } });
    expect(stale.status).toBe(200);
    expect(stale.body.data.takedown_email).toBe('rights@fic.example');
  });

  it('never shows an admin login when TAKEDOWN_EMAIL is unset (issue 25)', async () => {
    ctx = await createTestContext({ env: { ADMIN_EMAILS: 'Ops@Fic.example, second@fic.example' } });
    const info = await ctx.request('GET', '/api/v1/site/info/');
    expect(info.body.data.takedown_email).toBe('takedown@butterfic.invalid');
  });

  it('tells who runs the service and the policy date the operator set', async () => {
    ctx = await createTestContext({
      env: {
        OPERATOR_NAME: 'Butterfic Ltd',
        OPERATOR_ADDRESS: '1 Quay Street, Dublin',
        OPERATOR_EMAIL: 'hello@fic.example',
        GOVERNING_LAW: 'the laws of Ireland',
        OPERATOR_COMPANY_NUMBER: 'IE 123456',
        POLICY_UPDATED: '2026-11-01',
        OPERATOR_REPRESENTATIVE: 'Aoife Byrne',
        OPERATOR_PHONE: '+353 1 555 0100',
        KR_BUSINESS_NUMBER: '123-45-67890',
        KR_MAIL_ORDER_NUMBER: '제2026-서울강남-01234호',
        KR_PRIVACY_OFFICER: '개인정보 보호책임자 Aoife Byrne',
        TW_BUSINESS_NUMBER: '12345678',
        CN_CREDIT_CODE: '91310000MA1FL8XW2N',
        CN_REPRESENTATIVE: '上海某某信息咨询有限公司',
        MIN_AGES: 'ja=16, zh-TW=15',
      },
    });
    const info = await ctx.request('GET', '/api/v1/site/info/');
    expect(info.body.data.policy_updated).toBe('2026-11-01');
    expect(info.body.data.operator).toEqual({
      name: 'Butterfic Ltd',
      address: '1 Quay Street, Dublin',
      email: 'hello@fic.example',
      governing_law: 'the laws of Ireland',
      company_number: 'IE 123456',
      // No PRIVACY_CONTACT: data-protection questions go to the operator's address.
      privacy_contact: 'hello@fic.example',
      representative: 'Aoife Byrne',
      phone: '+353 1 555 0100',
      kr_business_number: '123-45-67890',
      kr_mail_order_number: '제2026-서울강남-01234호',
      kr_privacy_officer: '개인정보 보호책임자 Aoife Byrne',
      tw_business_number: '12345678',
      cn_credit_code: '91310000MA1FL8XW2N',
      cn_representative: '上海某某信息咨询有限公司',
    });
    // An operator raises a market's age; the others keep their floor.
    expect(info.body.data.min_ages).toEqual({ en: 13, 'zh-CN': 14, 'zh-TW': 15, ko: 14, ja: 16 });
  });

  it('shows an address that is plainly a placeholder when nothing is configured', async () => {
    ctx = await createTestContext();
    const info = await ctx.request('GET', '/api/v1/site/info/');
    expect(info.body.data.takedown_email).toBe('takedown@butterfic.invalid');
  });

  it('says on every page, and warns in /health/, while the free sandbox checkout runs on a reachable address (issue 25)', async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL: 'https://fic.example', PAYMENTS: 'sandbox' } });
    expect((await ctx.request('GET', '/api/v1/site/info/')).body.data.sandbox_payments).toBe(true);
    const health = await ctx.request('GET', '/api/v1/health/');
    expect(health.body.data).toMatchObject({ payments: 'sandbox', warnings: ['sandbox-payments-public'] });
    await ctx.close();
    ctx = await createTestContext();
    expect((await ctx.request('GET', '/api/v1/site/info/')).body.data.sandbox_payments).toBe(false);
    expect((await ctx.request('GET', '/api/v1/health/')).body.data.warnings).toEqual([]);
  });
});
