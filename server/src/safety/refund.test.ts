import { describe, expect, it } from 'vitest';
import { unshownRefund } from './refund';

describe('refund of a story stopped by the safety check', () => {
  it.each([
    // charge, characters shown, target characters, refund
    [6, 0, 1800, 6],
    [6, 1, 1800, 5],
    [6, 300, 1800, 5],
    [6, 900, 1800, 3],
    [6, 1500, 1800, 0],
    [6, 1799, 1800, 0],
    [6, 5000, 1800, 0],
    [3, 0, 900, 3],
    [3, 200, 900, 2],
    [3, 600, 900, 1],
    [0, 0, 1800, 0],
  ])('charge %i, %i of %i characters shown → %i back', (charge, shown, target, refund) => {
    expect(unshownRefund(charge, shown, target)).toBe(refund);
  });
});
