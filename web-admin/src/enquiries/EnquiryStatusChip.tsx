import { Chip } from '@mui/material';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '@autobest/domain/enquiries/kinds';

const COLOURS = { new: 'warning', contacted: 'info', closed: 'success' } as const;

/** New yellow (needs someone), contacted blue, closed green. */
export function EnquiryStatusChip({ status }: { status: EnquiryStatus }) {
  return <Chip size="small" label={ENQUIRY_STATUS_LABELS[status]} color={COLOURS[status]} />;
}
