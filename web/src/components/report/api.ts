import type { CreateReportBody } from '@butterfic/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { currentLanguage } from '../../lib/language';

export type ReportTarget = CreateReportBody['target_type'];

/** POST /report/: open to visitors; the server limits it per address, e-mail and target. */
export const useReport = () =>
  useMutation({
    mutationFn: (body: { target_type: ReportTarget; target_uid: string; reason: string; contact_email?: string }) =>
      // The reporter's language: the mail about the outcome is written in it.
      api.post<{ uid: string }>('/report/', { ...body, language: currentLanguage() }),
  });
