import { STATUS } from '@butterfic/contract/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/Toasts';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { useContinueNovel } from '../api/continue-novel';
import { useRewriteChapter } from '../api/rewrite-chapter';
import { useSelectVersion } from '../api/select-version';
import { useStopNovel } from '../api/stop-novel';

/**
 * What the work reader's buttons do: continue, rewrite a chapter, choose a version, stop. A paid
 * start that finds too little Butter opens the insufficient-Butter dialog; others say what went
 * wrong in a toast. After Continue or Rewrite the new chapter is brought into view as soon as its
 * first words arrive (`liveIndex`, the chapter the stream is writing).
 */
export function useWorkActions(novelUid: string, liveIndex: number | undefined, onButterChanged?: () => void) {
  const { t } = useTranslation();
  const continueNovel = useContinueNovel(novelUid);
  const stop = useStopNovel(novelUid);
  const rewrite = useRewriteChapter(novelUid);
  const selectVersion = useSelectVersion(novelUid);
  const [noButter, setNoButter] = useState(false);

  const followNewChapter = useRef(false);
  useEffect(() => {
    if (liveIndex === undefined || !followNewChapter.current) return;
    followNewChapter.current = false;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.querySelector(`[data-chapter="${liveIndex}"]`)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [liveIndex]);

  const paidStartFailed = (error: unknown) => {
    if (error instanceof ApiError && error.code === STATUS.insufficientButter) setNoButter(true);
    else toast(errorMessage(error, t), 'error');
  };

  return {
    continuing: continueNovel.isPending,
    stopping: stop.isPending,
    versionsPending: rewrite.isPending || selectVersion.isPending || continueNovel.isPending,
    noButter: { open: noButter, onOpenChange: setNoButter },
    onContinue: () =>
      continueNovel.mutate(undefined, {
        onSuccess: () => {
          followNewChapter.current = true;
          onButterChanged?.();
        },
        onError: paidStartFailed,
      }),
    onRewrite: (index: number) =>
      rewrite.mutate(index, {
        onSuccess: () => {
          followNewChapter.current = true;
          toast(t('reader.rewriteStarted', { number: index + 1 }));
          onButterChanged?.();
        },
        onError: paidStartFailed,
      }),
    onSelectVersion: (index: number, version: number) =>
      selectVersion.mutate({ chapterIndex: index, version }, { onError: (error) => toast(errorMessage(error, t), 'error') }),
    onStop: () =>
      stop.mutate(undefined, {
        onSuccess: ({ refunded }) => {
          toast(refunded ? t('reader.stoppedRefunded') : t('reader.stopped'));
          onButterChanged?.();
        },
        onError: (error) => toast(errorMessage(error, t), 'error'),
      }),
  };
}
