import type { Language, SiteInfo } from '@butterfic/contract';
import { minAgeFor } from '@butterfic/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage } from '../../../lib/language';
import { useSiteInfo } from '../../../lib/site-info';
import { policyKeys } from '../api/keys';
import type { PolicyValues } from '../content/inline';
import { loadPolicyText } from '../content/load';
import type { PolicyDoc, PolicyText } from '../content/types';

/**
 * The server's facts as the values a policy text names (operator settings: null while unset). The minimum
 * age is the one of the market the text is written for (its language).
 */
export function policyValues(info: SiteInfo, language: Language): PolicyValues {
  const operator = info.operator;
  return {
    email: info.takedown_email,
    minAge: minAgeFor(language, info.min_ages),
    operator: {
      operatorName: operator.name,
      operatorAddress: operator.address,
      operatorEmail: operator.email,
      governingLaw: operator.governing_law,
      companyNumber: operator.company_number,
      privacyContact: operator.privacy_contact,
      representative: operator.representative,
      operatorPhone: operator.phone,
      krBusinessNumber: operator.kr_business_number,
      krMailOrderNumber: operator.kr_mail_order_number,
      krPrivacyOfficer: operator.kr_privacy_officer,
      twBusinessNumber: operator.tw_business_number,
      cnCreditCode: operator.cn_credit_code,
      cnRepresentative: operator.cn_representative,
    },
  };
}

type PolicyPage =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void; retrying: boolean }
  | { status: 'ready'; text: PolicyText; values: PolicyValues };

/** A policy text in the interface language, with the server's takedown address and minimum age filled in. */
export function usePolicyPage(doc: PolicyDoc, only?: Language): PolicyPage {
  const { i18n } = useTranslation();
  // `only`: a text written in one language whatever the interface's (the Japanese commerce-law page, the
  // Korean privacy policy).
  const language = only ?? (isLanguage(i18n.language) ? i18n.language : currentLanguage());
  const text = useQuery({
    queryKey: policyKeys.text(doc, language),
    queryFn: () => loadPolicyText(doc, language),
    // Bundled with this build of the app: it never changes while the page is open.
    staleTime: Infinity,
    // On a language switch the old text stays until the new one arrives.
    placeholderData: keepPreviousData,
    retry: 1,
  });
  const info = useSiteInfo();
  if (text.data && info.data)
    return { status: 'ready', text: text.data, values: policyValues(info.data, language) };
  const error = text.error ?? info.error;
  if (error)
    return {
      status: 'error',
      error,
      retry: () => {
        if (text.error) void text.refetch();
        if (info.error) void info.refetch();
      },
      retrying: text.isFetching || info.isFetching,
    };
  return { status: 'pending' };
}
