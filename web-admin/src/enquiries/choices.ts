import { ENQUIRY_KIND_LABELS, ENQUIRY_KINDS, ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES } from '@autobest/domain/enquiries/kinds';

export const KIND_CHOICES = ENQUIRY_KINDS.map((kind) => ({ id: kind, name: ENQUIRY_KIND_LABELS[kind] }));
export const STATUS_CHOICES = ENQUIRY_STATUSES.map((status) => ({ id: status, name: ENQUIRY_STATUS_LABELS[status] }));
