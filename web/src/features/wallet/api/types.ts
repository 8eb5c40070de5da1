import type { CodeResult, Transaction } from '@butterfic/contract';

type Infer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type CodeOutcome = Infer<typeof CodeResult>;
export type { Transaction };
export type TransactionsPage = { results: Transaction[]; page: number; page_size: number; has_more: boolean };
