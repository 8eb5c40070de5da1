import type { Currency } from '@butterfic/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/account/keys';
import { paymentKeys } from './keys';
import type { CheckoutSecret, CheckoutStatus, SandboxInput, SandboxOutcome } from './types';

/** What a checkout is for; `deliveryConsent`: the buyer ticked that delivery is immediate (required for TWD). */
export type CheckoutFor = { productName: string; currency: Currency; deliveryConsent: boolean };

/** POST /payment/stripeCreateCheckoutSession/: a checkout session for one product; the server sets the price. */
export const createCheckoutSession = ({ productName, currency, deliveryConsent }: CheckoutFor) =>
  api.post<CheckoutSecret>('/payment/stripeCreateCheckoutSession/', {
    product_name: productName,
    currency,
    ...(deliveryConsent && { delivery_consent: true }),
  });

/**
 * One session per visit of the payout page for a product and currency. It is
 * created on the server, so it never refetches on its own.
 */
export const useCheckoutSession = (checkout: CheckoutFor, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.checkout(checkout.productName, checkout.currency, checkout.deliveryConsent),
    queryFn: () => createCheckoutSession(checkout),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** POST /payment/sandbox/complete/: the test checkout's "pay" (PAYMENTS=sandbox only). */
export const completeSandbox = (body: SandboxInput) => api.post<SandboxOutcome>('/payment/sandbox/complete/', body);

export function useCompleteSandbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandbox,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}

/** GET /payment/session/: how a checkout ended; polled on /recharge/complete until it is credited. */
export const getCheckoutStatus = (sessionId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<CheckoutStatus>('/payment/session/', { session_id: sessionId }, { signal });

export const useCheckoutStatus = (sessionId: string | null) =>
  useQuery({
    queryKey: paymentKeys.session(sessionId ?? ''),
    queryFn: ({ signal }) => getCheckoutStatus(sessionId ?? '', { signal }),
    enabled: sessionId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'open' || query.state.data === undefined ? 1500 : false),
  });
