import { PAGE_SIZE } from '@butterfic/contract/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletKeys } from './keys';
import type { TransactionsPage } from './types';

type Cursor = { page: number; before?: number };

/** GET /wallet/transactions/: the caller's ledger, newest first; later pages pinned to the first page's newest row. */
export const listTransactions = ({ page, before }: Cursor, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<TransactionsPage>('/wallet/transactions/', { page, before }, { signal });

export const transactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.transactions(),
    queryFn: ({ pageParam, signal }) => listTransactions(pageParam, { signal }),
    initialPageParam: { page: 1 } as Cursor,
    getNextPageParam: (last: TransactionsPage, all: TransactionsPage[], lastParam: Cursor): Cursor | undefined => {
      if (!last.has_more || last.results.length < PAGE_SIZE) return undefined;
      const before = lastParam.before ?? all[0]?.results[0]?.id;
      return { page: last.page + 1, ...(before !== undefined && { before }) };
    },
  });

export const useTransactions = () => useInfiniteQuery(transactionsQueryOptions());
