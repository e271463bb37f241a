import { Chip } from '@mui/material';
import { FOLLOW_UP_STATUS_LABELS, type FollowUpStatus } from '@autobest/domain/followUp/statuses';

const COLOURS = { new: 'warning', contacted: 'info', closed: 'success' } as const;

/** New yellow (needs someone), contacted blue, closed green. */
export function FollowUpStatusChip({ status }: { status: FollowUpStatus }) {
  return <Chip size="small" label={FOLLOW_UP_STATUS_LABELS[status]} color={COLOURS[status]} />;
}
