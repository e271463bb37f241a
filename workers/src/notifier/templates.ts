import { ENQUIRY_KIND_LABELS, type EnquiryReceived, type PersonalInfo, type SubmissionKind, type SubmissionState, type VehicleInfo } from '@autobest/domain';

export interface Email {
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface EmailContext {
  publicUrl: string;
  staffEmail: string;
  contactPhone: string;
}

/** Owners type these fields: every one is escaped before it goes into HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const naira = (amount: number) => `₦${amount.toLocaleString('en-NG', { maximumFractionDigits: 2 })}`;
const KIND_NAME: Record<SubmissionKind, string> = { 'sell-car': 'Sell Car', 'trade-in': 'Trade-In' };
const ADMIN_RESOURCE: Record<SubmissionKind, string> = { 'sell-car': 'sell-car-submissions', 'trade-in': 'trade-in-submissions' };

/** The console's show page of one record, as staff open it from an email. */
const adminShowUrl = (context: EmailContext, resource: string, id: string) =>
  `${context.publicUrl.replace(/\/$/, '')}/admin/${resource}/${encodeURIComponent(id)}/show`;

export const statusPageUrl = (context: EmailContext, kind: SubmissionKind, id: string, token: string) =>
  `${context.publicUrl.replace(/\/$/, '')}/${kind}-status/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;

function layout(paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b1f23">${paragraphs.map((p) => `<p>${p}</p>`).join('')}<p>AutoBest Africa</p></body></html>`;
}

const vehicleLine = (vehicle: VehicleInfo) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

export function staffNotification(kind: SubmissionKind, id: string, person: PersonalInfo, vehicle: VehicleInfo, context: EmailContext): Email {
  const link = adminShowUrl(context, ADMIN_RESOURCE[kind], id);
  const subject = `New ${KIND_NAME[kind]} Request: ${vehicleLine(vehicle)}`;
  const lines = [
    `A new ${KIND_NAME[kind].toLowerCase()} request ${id} has arrived.`,
    `Customer: ${person.fullName}, ${person.email}, ${person.phoneNumber}`,
    `Vehicle: ${vehicleLine(vehicle)}, ${vehicle.odometer} km, ${vehicle.fuelType}, ${vehicle.transmission}`,
    `Asking price: ${vehicle.askingPrice ?? 'not given'}`,
  ];
  return {
    template: 'staff-new-request',
    to: context.staffEmail,
    subject,
    text: `${lines.join('\n')}\nReview it: ${link}\n`,
    html: layout([...lines.map(escapeHtml), `<a href="${escapeHtml(link)}">Review it in the console</a>`]),
  };
}

export function customerConfirmation(kind: SubmissionKind, id: string, person: PersonalInfo, vehicle: VehicleInfo, token: string, context: EmailContext): Email {
  const link = statusPageUrl(context, kind, id, token);
  const promise =
    kind === 'sell-car'
      ? 'Our team will contact you within 24-48 hours with an offer.'
      : "You'll receive an estimated trade-in value within 24-48 hours, subject to physical inspection.";
  const lines = [
    `Dear ${person.fullName},`,
    `Thank you for your ${KIND_NAME[kind].toLowerCase()} request for your ${vehicleLine(vehicle)}. Your reference is ${id}.`,
    promise,
    `Questions? Call us on ${context.contactPhone}.`,
  ];
  return {
    template: 'customer-confirmation',
    to: person.email,
    subject: `We received your ${KIND_NAME[kind]} request (${id})`,
    text: `${lines.join('\n')}\nFollow your request: ${link}\n`,
    html: layout([...lines.map(escapeHtml), `<a href="${escapeHtml(link)}">Follow your request</a>`]),
  };
}

/** The spec's wording for reviewed (arrange an inspection) and finalized (visit the dealership). */
export function customerStatusUpdate(kind: SubmissionKind, id: string, state: SubmissionState, token: string, context: EmailContext): Email | null {
  if (state.status === 'pending' || !state.personalInfo || !state.vehicleInfo) return null;
  const link = statusPageUrl(context, kind, id, token);
  const value = state.value ? state.value.amountMinor / 100 : null;
  const valueName = kind === 'sell-car' ? 'offered value' : 'estimated value';
  const lines =
    state.status === 'reviewed'
      ? [
          `Your ${KIND_NAME[kind].toLowerCase()} request ${id} for your ${vehicleLine(state.vehicleInfo)} has been reviewed.`,
          ...(value !== null ? [`Our ${valueName}: ${naira(value)}.`] : []),
          `Please contact us on ${context.contactPhone} to arrange an in-person inspection of your vehicle.`,
        ]
      : [
          `The offer for your ${KIND_NAME[kind].toLowerCase()} request ${id} (${vehicleLine(state.vehicleInfo)}) is finalized.`,
          ...(value !== null ? [`Final value: ${naira(value)}.`] : []),
          `Please visit our dealership to complete the process. Call ${context.contactPhone} to choose a time.`,
        ];
  const all = [`Dear ${state.personalInfo.fullName},`, ...lines];
  return {
    template: `customer-status-${state.status}`,
    to: state.personalInfo.email,
    subject: state.status === 'reviewed' ? `Your ${KIND_NAME[kind]} request has been reviewed` : `Your ${KIND_NAME[kind]} offer is finalized`,
    text: `${all.join('\n')}\nFollow your request: ${link}\n`,
    html: layout([...all.map(escapeHtml), `<a href="${escapeHtml(link)}">Follow your request</a>`]),
  };
}

/** Customers type the subject: kept to one line, so it cannot break the email's Subject header or a sentence. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function staffEnquiryNotification(enquiry: EnquiryReceived['data'], context: EmailContext): Email {
  const link = adminShowUrl(context, 'enquiries', enquiry.enquiryId);
  const kind = ENQUIRY_KIND_LABELS[enquiry.kind];
  const lines = [
    `A new ${kind.toLowerCase()} enquiry ${enquiry.enquiryId} has arrived.`,
    `Received: ${enquiry.receivedAt}`,
    `Kind: ${kind}`,
    `Subject: ${enquiry.subject}`,
    `Name: ${enquiry.fullName}`,
    `Phone: ${enquiry.phone}`,
    `Email: ${enquiry.email ?? 'not given'}`,
    `Preferred date: ${enquiry.preferredDate ?? 'not given'}`,
    `Message: ${enquiry.message ?? 'none'}`,
    ...Object.entries(enquiry.details ?? {}).map(([name, value]) => `${name}: ${value}`),
    `Sent from: ${enquiry.sourcePath ?? 'not given'}`,
  ];
  return {
    template: 'staff-new-enquiry',
    to: context.staffEmail,
    subject: `New ${kind} enquiry: ${oneLine(enquiry.subject)}`,
    text: `${lines.join('\n')}\nWork it in the console: ${link}\n`,
    html: layout([...lines.map(escapeHtml), `<a href="${escapeHtml(link)}">Work it in the console</a>`]),
  };
}

/** Only for a customer who gave an email address. */
export function customerEnquiryConfirmation(enquiry: EnquiryReceived['data'], context: EmailContext): Email | null {
  if (!enquiry.email) return null;
  const lines = [
    `Dear ${enquiry.fullName},`,
    `We received your enquiry about ${oneLine(enquiry.subject)}; our team will contact you within 24 hours.`,
    `Questions? Call us on ${context.contactPhone}.`,
  ];
  return {
    template: 'customer-enquiry-confirmation',
    to: enquiry.email,
    subject: `We received your enquiry about ${oneLine(enquiry.subject)}`,
    text: `${lines.join('\n')}\n`,
    html: layout(lines.map(escapeHtml)),
  };
}
