import type { CheckStatus, ServerCheckResult } from '@autobest/domain/qaChecks/contracts';

/** What a check found, in the browser as on the server. */
export type CheckOutcome = Pick<ServerCheckResult, 'status' | 'detail'>;

/** A check as the dashboard shows it: waiting to run, running, or its outcome. */
export interface CheckRow {
  id: string;
  group: string;
  name: string;
  state: 'pending' | 'loading' | CheckStatus;
  detail?: string;
  durationMs?: number;
}

/** Passed checks count whole, warnings half, failures nothing; a percentage of every check. */
export function scoreOf(rows: readonly CheckRow[]): number {
  if (rows.length === 0) return 0;
  const points = rows.reduce((sum, row) => sum + (row.state === 'pass' ? 1 : row.state === 'warning' ? 0.5 : 0), 0);
  return Math.round((points / rows.length) * 100);
}
