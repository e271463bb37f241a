import { Chip } from '@mui/material';
import { WHATSAPP_STATUS_LABELS, type WhatsAppMessageStatus } from '@autobest/domain/whatsapp';

/** Pending yellow (on its way, retried), sent blue, delivered and read green, failed red (needs someone), withdrawn grey. */
const COLOURS: Record<WhatsAppMessageStatus, 'warning' | 'info' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'error',
  withdrawn: 'default',
};

export function WhatsAppStatusChip({ status }: { status: WhatsAppMessageStatus }) {
  return <Chip size="small" label={WHATSAPP_STATUS_LABELS[status]} color={COLOURS[status]} />;
}
