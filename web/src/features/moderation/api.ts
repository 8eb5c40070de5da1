import type {
  AdminContentBody,
  AdminDispute,
  AdminDisputePage,
  AdminReport,
  AdminReportPage,
  AdminUserBody,
  AuditEntry,
} from '@butterfic/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type { AdminDispute, AdminReport, AuditEntry };
export type ReportStatus = AdminReport['status'];

export const adminKeys = {
  all: ['admin'] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
  audit: () => ['admin', 'audit'] as const,
  disputes: () => ['admin', 'disputes'] as const,
};

/** GET /admin/reports/: the queue, least time left first (404001 for anyone but admins). */
export const useReports = (status: ReportStatus, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ signal }) => api.get<AdminReportPage>('/admin/reports/', { status }, { signal }),
    enabled,
    // The countdowns and new reports stay current while the console is open.
    refetchInterval: 60_000,
  });

export const useAudit = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ signal }) =>
      api.get<{ results: AuditEntry[]; page: number; page_size: number; has_more: boolean }>('/admin/audit/', { page: 1 }, { signal }),
    enabled,
  });

/** GET /admin/disputes/: Stripe disputes of payments, newest first (docs/decisions/0030). */
export const useDisputes = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.disputes(),
    queryFn: ({ signal }) => api.get<AdminDisputePage>('/admin/disputes/', { page: 1 }, { signal }),
    enabled,
  });

export type AdminAction =
  ({ kind: 'content' } & AdminContentBody) | ({ kind: 'user' } & AdminUserBody) | { kind: 'dismiss'; report_uid: string; reason: string };

/** Every console action; the queue and the audit log reload after it. */
export const useAdminAction = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminAction) => {
      if (action.kind === 'content') {
        const { kind: _kind, ...body } = action;
        return api.post<{ audit_id: number }>('/admin/content/', body);
      }
      if (action.kind === 'user') {
        const { kind: _kind, ...body } = action;
        return api.post<{ audit_id: number }>('/admin/user/', body);
      }
      return api.post<{ audit_id: number }>('/admin/report/dismiss/', { report_uid: action.report_uid, reason: action.reason });
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
};
