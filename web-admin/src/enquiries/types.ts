import { ENQUIRY_KIND_LABELS, ENQUIRY_KINDS, ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES, type EnquiryKind, type EnquiryStatus } from '@autobest/domain/enquiries/kinds';

/** An enquiry as GET /api/admin/enquiries answers it. */
export interface Enquiry {
  id: string;
  kind: EnquiryKind;
  fullName: string;
  phone: string;
  email: string | null;
  subject: string;
  message: string | null;
  preferredDate: string | null;
  details: Record<string, string | number>;
  sourcePath: string | null;
  status: EnquiryStatus;
  receivedAt: string;
  lastUpdated: string | null;
  version: number;
  history: Array<{ from: EnquiryStatus; to: EnquiryStatus; at: string; by: string | null }>;
}

export const KIND_CHOICES = ENQUIRY_KINDS.map((kind) => ({ id: kind, name: ENQUIRY_KIND_LABELS[kind] }));
export const STATUS_CHOICES = ENQUIRY_STATUSES.map((status) => ({ id: status, name: ENQUIRY_STATUS_LABELS[status] }));
