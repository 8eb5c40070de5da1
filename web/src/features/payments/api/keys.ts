import type { Currency } from '@butterfic/contract/client';

/** Query keys of the payments feature. */
export const paymentKeys = {
  all: ['payments'] as const,
  products: () => [...paymentKeys.all, 'products'] as const,
  checkout: (product: string, currency: Currency, consent: boolean) => [...paymentKeys.all, 'checkout', product, currency, consent] as const,
  session: (id: string) => [...paymentKeys.all, 'session', id] as const,
};
