/** Figures one benchmark measures and a later one prints beside its own, in the same run. */
export const figures: { openaiTtftOverheadMs?: number } = {};
