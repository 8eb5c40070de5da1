import type { Language, SiteInfo } from '@butterfic/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage } from '../../../lib/language';
import { useSiteInfo } from '../../../lib/site-info';
import { policyKeys } from '../api/keys';
import type { PolicyValues } from '../content/inline';
import { loadPolicyText } from '../content/load';
import type { PolicyDoc, PolicyText } from '../content/types';

/** The server's facts as the values a policy text names (operator settings: null while unset). */
export function policyValues(info: SiteInfo): PolicyValues {
  const operator = info.operator;
  return {
    email: info.takedown_email,
    minAge: info.min_age,
    operator: {
      operatorName: operator.name,
      operatorAddress: operator.address,
      operatorEmail: operator.email,
      governingLaw: operator.governing_law,
      companyNumber: operator.company_number,
      privacyContact: operator.privacy_contact,
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
  // `only`: a text written in one language whatever the interface's (the Japanese commerce-law page).
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
    return { status: 'ready', text: text.data, values: policyValues(info.data) };
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
