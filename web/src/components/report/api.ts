import type { CreateReportBody } from '@butterfic/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type ReportTarget = CreateReportBody['target_type'];

/** POST /report/: open to visitors; the server limits it per address, e-mail and target. */
export const useReport = () =>
  useMutation({
    mutationFn: (body: { target_type: ReportTarget; target_uid: string; reason: string; contact_email?: string }) =>
      api.post<{ uid: string }>('/report/', body),
  });
