/**
 * What a story stopped by the safety check gives back (docs/decisions/0010):
 * the share of the charge for the part of the chapter the reader did not get.
 * Nothing shown → the whole charge; otherwise the charge times the share of
 * the target length not shown, rounded down (the reader pays for what was
 * read); most of a chapter shown → nothing.
 */
export function unshownRefund(charge: number, shownChars: number, targetChars: number): number {
  if (charge <= 0) return 0;
  if (shownChars <= 0 || targetChars <= 0) return charge;
  const shownShare = Math.min(1, shownChars / targetChars);
  return Math.floor(charge * (1 - shownShare));
}
