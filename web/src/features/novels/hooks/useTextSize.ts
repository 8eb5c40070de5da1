import { useState } from 'react';
import { storage } from '../../../lib/storage';

/** The reader's text size, kept on this device and shared by both readers. */
export const TEXT_SIZE_KEY = 'reader_text_size';

/** Reading sizes in rem, smallest to largest. */
export const TEXT_SIZES = [0.9375, 1.0625, 1.1875, 1.3125, 1.5] as const;
const DEFAULT_STEP = 1;

/** The stored step, or the default for anything missing or out of range. */
export function readTextSizeStep(raw: string | null): number {
  const step = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(step) && step >= 0 && step < TEXT_SIZES.length ? step : DEFAULT_STEP;
}

/** A− / A+: the step survives reloads. */
export function useTextSize() {
  const [step, setStep] = useState(() => readTextSizeStep(storage.get(TEXT_SIZE_KEY)));
  const change = (delta: number) => {
    const next = Math.min(TEXT_SIZES.length - 1, Math.max(0, step + delta));
    storage.set(TEXT_SIZE_KEY, String(next));
    setStep(next);
  };
  return {
    size: TEXT_SIZES[step] ?? TEXT_SIZES[DEFAULT_STEP],
    canShrink: step > 0,
    canGrow: step < TEXT_SIZES.length - 1,
    shrink: () => change(-1),
    grow: () => change(1),
  };
}
