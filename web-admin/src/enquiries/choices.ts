import { ENQUIRY_KIND_LABELS, ENQUIRY_KINDS } from '@autobest/domain/enquiries/kinds';

export const KIND_CHOICES = ENQUIRY_KINDS.map((kind) => ({ id: kind, name: ENQUIRY_KIND_LABELS[kind] }));
