import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';
import type { Products } from './types';

/** GET /payment/products/: the packages and passes from the server's one price table, and the payment mode. */
export const getProducts = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Products>('/payment/products/', undefined, { signal });

export const productsQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.products(), queryFn: ({ signal }) => getProducts({ signal }), staleTime: 10 * 60_000 });

export const useProducts = () => useQuery(productsQueryOptions());
