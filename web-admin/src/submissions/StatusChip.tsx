import { Chip } from '@mui/material';
import { STATUS_COLOURS } from './format';
import type { SubmissionStatus } from '@autobest/domain/submissions';

const LABEL: Record<SubmissionStatus, string> = { pending: 'Pending', reviewed: 'Reviewed', finalized: 'Finalized' };

/** Pending yellow, reviewed blue, finalized green, as the spec colours them. */
export function StatusChip({ status }: { status: SubmissionStatus }) {
  return <Chip size="small" label={LABEL[status]} color={STATUS_COLOURS[status]} />;
}
