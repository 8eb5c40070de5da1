/** Query keys of the wallet feature. */
export const walletKeys = {
  all: ['wallet'] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
};
