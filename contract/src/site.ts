import { z } from 'zod';

export { MIN_AGE, POLICY_UPDATED } from './constants';
export { MIN_AGE_CEILING, MIN_AGE_FLOOR, minAgeFor, type MinAges } from './markets';

const setting = z.string().nullable();

/** GET /site/info/: public facts the policy pages show (docs/contract.md). */
export const SiteInfo = z.object({
  /** Where rights holders send takedown notices: TAKEDOWN_EMAIL, else the first ADMIN_EMAILS, else a placeholder. */
  takedown_email: z.string(),
  /** The minimum age of the English texts (SPEC.md section 1); each market's own is in `min_ages`. */
  min_age: z.number().int(),
  /** The minimum age each market's texts and sign-up checkbox state, by language (MIN_AGES over the legal floors). */
  min_ages: z.object({ en: z.number().int(), 'zh-CN': z.number().int(), 'zh-TW': z.number().int(), ko: z.number().int(), ja: z.number().int() }),
  /** The policy texts' "last updated" date (YYYY-MM-DD): POLICY_UPDATED, 2025-03-25 unless the operator changes it. */
  policy_updated: z.string(),
  /** Who runs the service (operator settings; null while unset, and the pages then show a placeholder). */
  operator: z.object({
    name: setting,
    address: setting,
    email: setting,
    governing_law: setting,
    company_number: setting,
    privacy_contact: setting,
    /** 代表者 / 대표자 / 负责人: the person who represents the operator (OPERATOR_REPRESENTATIVE). */
    representative: setting,
    /** A telephone number for buyers (OPERATOR_PHONE). */
    phone: setting,
    /** 사업자등록번호 (KR_BUSINESS_NUMBER). */
    kr_business_number: setting,
    /** 통신판매업 신고번호 (KR_MAIL_ORDER_NUMBER). */
    kr_mail_order_number: setting,
    /** 개인정보 보호책임자 (KR_PRIVACY_OFFICER): name or title. */
    kr_privacy_officer: setting,
    /** 統一編號 (TW_BUSINESS_NUMBER). */
    tw_business_number: setting,
    /** 统一社会信用代码 (CN_CREDIT_CODE), when the operator has a mainland entity. */
    cn_credit_code: setting,
    /** 境内代表: the representative in mainland China of a processor abroad (个人信息保护法 art. 53; CN_REPRESENTATIVE). */
    cn_representative: setting,
  }),
  /** True while the sandbox checkout (free Butter) runs on an address others can reach: every page shows a banner. */
  sandbox_payments: z.boolean().optional(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;
