import { useState } from 'react';
import { useReports, type AdminAction, type AdminReport, type ReportStatus } from '../api';

/** An action the operator chose and must still give a reason for (and, for a suspension, a number of days). */
export type PendingAction = {
  label: string;
  report: AdminReport;
  build: (reason: string, days: number) => AdminAction;
  days?: boolean;
};

/** Asks for one action on one report: its button label, how to build it from the reason (and days), whether it needs days. */
export type AskAction = (label: string, build: PendingAction['build'], days?: boolean) => void;

export const REPORT_STATUSES: ReportStatus[] = ['open', 'actioned', 'dismissed'];

/** Hours left in the 24-hour window (negative when overdue), to one decimal. */
export function hoursLeft(due: number): number {
  return Math.round((due - Date.now() / 1000) / 360) / 10;
}

/** The console's state: which reports are shown (by status) and the action waiting for its reason. */
export function useAdminConsole() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status, true);
  const [pending, setPending] = useState<PendingAction | null>(null);
  return { status, setStatus, reports, pending, ask: setPending, close: () => setPending(null) };
}
