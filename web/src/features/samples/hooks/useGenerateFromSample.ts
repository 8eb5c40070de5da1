import type { Language } from '@butterfic/contract';
import { GENERATE_COST } from '@butterfic/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { saveArticleDraft } from '../../../lib/article-draft';
import { paths } from '../../../lib/paths';
import { userInfoQueryOptions } from '../../../lib/account/user-info';
import { session } from '../../../lib/session';
import type { SampleStory } from '../stories';
import { sampleDraft } from '../texts';

/**
 * True when a signed-in account cannot pay for a story (the offline check before any call): its
 * balance is short and it holds no running time pass (stories are free while one runs).
 */
export const cannotAfford = (
  balance: number | null | undefined,
  passExpiresAt: number | null | undefined = null,
  now: number = Date.now() / 1000,
): boolean => typeof balance === 'number' && balance < GENERATE_COST && !(typeof passExpiresAt === 'number' && passExpiresAt > now);

/**
 * "Generate another one": store the sample's draft (English unless the reader picked the sample's language) under articleDraft and open the generation
 * form (SPEC.md section 2). A signed-in account that cannot pay for a story gets the shared
 * insufficient-Butter dialog (Cancel, Recharge) here instead; the draft waits for it.
 */
export function useGenerateFromSample() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [noButter, setNoButter] = useState(false);
  const generate = useCallback(
    async (story: SampleStory, picked: Language | null = null) => {
      saveArticleDraft(sampleDraft(story, picked));
      if (session.isLoggedIn()) {
        try {
          const info = await queryClient.fetchQuery({ ...userInfoQueryOptions(), staleTime: 10_000 });
          if (cannotAfford(info.balance, info.pass_expires_at)) {
            setNoButter(true);
            return;
          }
        } catch (error) {
          // The form checks again when it generates; an unknown balance must not block the way there.
          console.warn('checking the balance failed', error);
        }
      }
      await navigate(paths.create);
    },
    [navigate, queryClient],
  );
  return { generate, noButter: { open: noButter, onOpenChange: setNoButter } };
}
