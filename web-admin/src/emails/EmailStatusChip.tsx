import { Chip } from '@mui/material';
import { EMAIL_STATUS_LABELS, type EmailStatus } from '@autobest/domain/emails/contracts';

const COLOURS = { pending: 'warning', sent: 'success', failed: 'error', withdrawn: 'default' } as const;

/** Pending yellow (on its way, retried), sent green, failed red (needs someone), withdrawn grey (the request was deleted). */
export function EmailStatusChip({ status }: { status: EmailStatus }) {
  return <Chip size="small" label={EMAIL_STATUS_LABELS[status]} color={COLOURS[status]} />;
}
