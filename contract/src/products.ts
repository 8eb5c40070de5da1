/**
 * SPEC.md section 9: the Butter packages and time passes, the one price table.
 * The server charges from it (never from the client); the web shows it. Prices
 * are in minor units (cents, fen) so nothing is ever rounded.
 */
export const CURRENCIES = ['eur', 'cny'] as const;
export type Currency = (typeof CURRENCIES)[number];

export type Product =
  | { id: string; kind: 'butter'; butter: number; prices: Record<Currency, number> }
  | { id: string; kind: 'pass'; passSeconds: number; prices: Record<Currency, number> };

export const PRODUCTS: readonly Product[] = [
  { id: '1', kind: 'butter', butter: 30, prices: { eur: 179, cny: 1500 } },
  { id: '2', kind: 'butter', butter: 60, prices: { eur: 349, cny: 3000 } },
  { id: '3', kind: 'butter', butter: 100, prices: { eur: 529, cny: 4500 } },
  { id: '4', kind: 'butter', butter: 300, prices: { eur: 1399, cny: 12000 } },
  { id: '5', kind: 'butter', butter: 500, prices: { eur: 2369, cny: 20000 } },
  { id: '6', kind: 'butter', butter: 1000, prices: { eur: 3559, cny: 30000 } },
  { id: '7', kind: 'pass', passSeconds: 3600, prices: { eur: 99, cny: 690 } },
  { id: '8', kind: 'pass', passSeconds: 30 * 86400, prices: { eur: 979, cny: 6990 } },
];

export const DEFAULT_PRODUCT_ID = '1';
export const INVITE_BUTTER = 8;

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}
