import { z } from 'zod';
import { NEWS_TICKER_EVENT_TYPES } from '../news/moderation';
import { STAFF_ACCOUNT_EVENT_TYPES, StaffAccountEventSchema, type StaffAccountEvent } from './accountEvents';

/*
 * The activity trail (issue 17.4): what staff did to business records and what happened to staff accounts, one entry
 * per event. Browser-safe: the console takes its filters and the links to records from here.
 *
 * An entry's summary is written from fields known per event type, never copied from the event: events hold owners'
 * names, phones, notes and messages, and the trail is a list anyone with `staff.manage` reads and exports.
 */

/** The records an entry can point at, by the console resource that shows them (null: the console has no page for it). */
export const ACTIVITY_RECORD_KINDS = {
  'sell-car-submissions': { label: 'Sell car request', prefix: 'sell-car-' },
  'trade-in-submissions': { label: 'Trade-in request', prefix: 'trade-in-' },
  vehicles: { label: 'Vehicle', prefix: 'vehicle-' },
  // A follow-up of a reservation request an earlier version kept on its vehicle's stream points at the vehicle.
  'reservation-requests': { label: 'Reservation request', prefix: 'reservation-' },
  enquiries: { label: 'Enquiry', prefix: 'enquiry-' },
  'contact-messages': { label: 'Contact message', prefix: 'contact-message-' },
  conversations: { label: 'Conversation', prefix: 'conversation-' },
  'news-sources': { label: 'News source', prefix: 'news-source-' },
  articles: { label: 'Article', prefix: 'news-article-' },
  videos: { label: 'Review video', prefix: 'review-video-' },
  'data-collection': { label: 'Collected vehicle data', prefix: 'collected-' },
  'tariff-versions': { label: 'Tariff version', prefix: 'tariff-version-' },
  'freight-rates': { label: 'Freight rate', prefix: 'freight-rate-' },
  'destination-charges': { label: 'Destination charge', prefix: 'destination-charge-' },
  'tara-answers': { label: "Tara's answer", prefix: 'tara-answer-' },
  emails: { label: 'Email', prefix: 'email-' },
  'whatsapp-messages': { label: 'WhatsApp message', prefix: 'whatsapp-message-' },
  staff: { label: 'Staff account', prefix: 'staff-' },
} as const;
export type ActivityRecordKind = keyof typeof ACTIVITY_RECORD_KINDS;

/** Streams that are no one record: the news ticker, failed sign-ins for emails with no account. */
const STREAMS_OF_NO_RECORD = new Set(['news-ticker', 'staff-sign-in-unknown']);

/** The record a stream is about, from its id (`vehicle-{id}` is vehicle {id}); null for a stream of no one record. */
export function activityRecordOf(streamId: string): { kind: ActivityRecordKind; id: string } | null {
  if (STREAMS_OF_NO_RECORD.has(streamId)) return null;
  for (const [kind, { prefix }] of Object.entries(ACTIVITY_RECORD_KINDS) as Array<[ActivityRecordKind, { prefix: string }]>) {
    if (streamId.startsWith(prefix) && streamId.length > prefix.length) return { kind, id: streamId.slice(prefix.length) };
  }
  return null;
}

/** Families the action filter offers besides single event types: what they are, and the types or records they take in. */
export const ACTIVITY_FAMILIES = {
  'sign-in': { label: 'Sign-ins and sign-outs', types: ['StaffSignedIn', 'StaffSignInFailed', 'StaffSignInLimitReached', 'StaffSignedOut'] },
  accounts: { label: 'Staff accounts', types: [...STAFF_ACCOUNT_EVENT_TYPES] },
  requests: { label: 'Requests', records: ['sell-car-submissions', 'trade-in-submissions', 'enquiries', 'reservation-requests', 'contact-messages', 'conversations'] },
  catalogue: { label: 'Vehicles and data collection', records: ['vehicles', 'data-collection'] },
  news: { label: "News, videos and Tara's answers", records: ['news-sources', 'articles', 'videos', 'tara-answers'], types: [...NEWS_TICKER_EVENT_TYPES] },
  // The two outboxes: a failed email or WhatsApp message sent again.
  emails: { label: 'Emails and WhatsApp messages', records: ['emails', 'whatsapp-messages'] },
  'landed-cost': { label: 'Tariffs, freight and charges', records: ['tariff-versions', 'freight-rates', 'destination-charges'] },
} as const satisfies Record<string, { label: string; types?: readonly string[]; records?: readonly ActivityRecordKind[] }>;
export type ActivityFamily = keyof typeof ACTIVITY_FAMILIES;

/** What staff do and what happens to accounts, named as the trail says it; an unlisted type is shown by its name. */
const ACTION_LABELS: Record<string, string> = {
  SubmissionStatusChanged: 'Request status changed',
  SubmissionOfferedValueSet: 'Offered value set',
  SubmissionEstimatedValueSet: 'Estimated value set',
  SubmissionNoteAdded: 'Note added to a request',
  SubmissionDeleted: 'Request deleted',
  SubmissionPhotosErased: 'Request photos erased',
  VehicleListed: 'Vehicle listed',
  VehicleUpdated: 'Vehicle updated',
  VehiclePriceChanged: 'Vehicle price changed',
  VehicleDelisted: 'Vehicle delisted',
  VehicleDataCollected: 'Vehicle data saved',
  ReservationStatusChanged: 'Reservation status changed',
  ReservationNoteAdded: 'Note added to a reservation',
  EnquiryStatusChanged: 'Enquiry status changed',
  EnquiryNoteAdded: 'Note added to an enquiry',
  ContactMessageStatusChanged: 'Contact message status changed',
  ContactMessageNoteAdded: 'Note added to a contact message',
  ConversationStatusChanged: 'Conversation status changed',
  ConversationNoteAdded: 'Note added to a conversation',
  NewsSourceAdded: 'News source added',
  NewsSourceChanged: 'News source changed',
  ArticleHidden: 'Article hidden',
  ArticleUnhidden: 'Article shown again',
  TickerArticleFeatured: 'Article featured in the ticker',
  TickerFeatureCleared: 'Ticker feature cleared',
  ReviewVideoAdded: 'Review video added',
  ReviewVideoChanged: 'Review video changed',
  ReviewVideoRemoved: 'Review video removed',
  EmailRetryRequested: 'Failed email sent again',
  WhatsAppRetryRequested: 'Failed WhatsApp message sent again',
  TaraAnswerChanged: "Tara's answer changed",
  TariffVersionAdded: 'Tariff version added',
  FreightRateAdded: 'Freight rate added',
  FreightRateChanged: 'Freight rate changed',
  DestinationChargeAdded: 'Destination charges added',
  DestinationChargeChanged: 'Destination charges changed',
  StaffAccountCreated: 'Account created',
  StaffPasswordLinkIssued: 'Set-password link sent',
  StaffPasswordSet: 'Password set',
  StaffSignedIn: 'Signed in',
  StaffSignInFailed: 'Sign-in refused',
  StaffSignInLimitReached: 'Sign-in limit reached',
  StaffSignedOut: 'Signed out',
  StaffRoleChanged: 'Role changed',
  StaffDisabled: 'Account disabled',
  StaffEnabled: 'Account enabled',
  StaffSessionsEnded: 'Other sessions ended',
  StaffMfaEnrolled: 'Two-factor sign-in turned on',
  StaffRecoveryCodesRenewed: 'New recovery codes made',
  StaffRecoveryCodeUsed: 'Recovery code used',
  StaffMfaReset: 'Two-factor sign-in removed',
};

/** An event type as people read it ("VehiclePriceChanged" → "Vehicle price changed" when it has no label). */
export const activityActionLabel = (type: string): string =>
  ACTION_LABELS[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase()).replace(/ ([A-Z])/g, (_, letter: string) => ` ${letter.toLowerCase()}`);

/** Event types the trail names, for the action filter. */
export const ACTIVITY_ACTION_TYPES = Object.keys(ACTION_LABELS);

/** Events whose summary names the fields they changed (field names of a rate table, never values). */
const FIELDS_CHANGED_TYPES: ReadonlySet<string> = new Set(['FreightRateChanged', 'DestinationChargeChanged']);

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
/** Only a value of a known shape goes into a summary: a status, a role, a reason (lowercase words and dashes). */
/** An address network as the API writes it (198.51.100.0/24, 2001:db8:1::/48). */
const NETWORK = /^[0-9a-f:.]{2,45}\/\d{1,3}$/;
const word = (value: unknown): string | null => (typeof value === 'string' && /^[a-z][a-z-]{0,29}$/.test(value) ? value : null);

const PASSWORD_SET_VIA = { link: 'with a set-password link', own: 'by the person (current password given)', shell: 'from the shell command' } as const;
const CREATED_VIA = { invite: 'invited from the console', shell: 'made with the shell command', 'first-start': 'made at first start' } as const;
const MFA_RESET_VIA = { own: 'by the person', admin: 'by an admin', shell: 'from the shell command' } as const;
const SIGN_IN_REFUSED = {
  'unknown-account': 'no account with that email',
  'wrong-password': 'wrong password',
  'wrong-code': 'wrong two-factor code',
  'too-many-attempts': 'too many attempts',
  disabled: 'account disabled',
} as const;

function accountSummary(event: StaffAccountEvent): string {
  const label = activityActionLabel(event.type);
  switch (event.type) {
    case 'StaffAccountCreated':
      return `${label} for ${event.data.name} <${event.data.email}> as ${event.data.role}, ${CREATED_VIA[event.data.via]}`;
    case 'StaffPasswordLinkIssued':
      return `${label} to ${event.data.email} (${event.data.purpose === 'invite' ? 'invitation' : 'password reset'})`;
    case 'StaffPasswordSet':
      return `${label} ${PASSWORD_SET_VIA[event.data.via]}`;
    case 'StaffSignedIn':
      return event.data.secondFactor === null ? label : `${label} with ${event.data.secondFactor === 'totp' ? 'a two-factor code' : 'a recovery code'}`;
    case 'StaffSignInFailed':
      return `${label}: ${SIGN_IN_REFUSED[event.data.reason]}${event.data.attemptedEmail && !event.data.staffUserId ? ` (${event.data.attemptedEmail})` : ''}`;
    case 'StaffSignInLimitReached':
      return `${label}: more than ${plural(event.data.attempts, 'attempt')} in ${event.data.windowMinutes} minutes from browsers new to the account${
        event.data.network && NETWORK.test(event.data.network) ? `, the last from ${event.data.network}` : ''
      }; the owner was emailed`;
    case 'StaffRoleChanged':
      return `${label} from ${word(event.data.from) ?? 'another role'} to ${word(event.data.to) ?? 'another role'}`;
    case 'StaffDisabled':
      return `${label}; ${plural(event.data.sessionsEnded, 'session')} ended`;
    case 'StaffSessionsEnded':
      return `${label}: ${plural(event.data.sessionsEnded, 'session')}`;
    case 'StaffRecoveryCodeUsed':
      return `${label}; ${plural(event.data.remaining, 'code')} left`;
    case 'StaffMfaReset':
      return `${label} ${MFA_RESET_VIA[event.data.via]}`;
    default:
      return label;
  }
}

/**
 * The short line the trail shows for an event: for account events from their known fields; for the rest the action,
 * with a status change's from and to (statuses are known words). Nothing else of an event's data is ever used.
 */
export function activitySummary(type: string, data: unknown): string {
  if (STAFF_ACCOUNT_EVENT_TYPES.has(type)) {
    const event = StaffAccountEventSchema.safeParse({ type, data });
    return event.success ? accountSummary(event.data) : activityActionLabel(type);
  }
  const label = activityActionLabel(type);
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (type === 'TariffVersionAdded') {
    const { country, version, effectiveDate } = fields;
    const known = typeof country === 'string' && /^[A-Z]{2}$/.test(country) && Number.isInteger(version) && typeof effectiveDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(effectiveDate);
    return known ? `${label}: ${country} version ${String(version)}, in force from ${effectiveDate}` : label;
  }
  if (FIELDS_CHANGED_TYPES.has(type)) {
    const changed = Array.isArray(fields['fields']) ? fields['fields'].filter((field): field is string => typeof field === 'string' && /^[A-Za-z]{1,40}$/.test(field)) : [];
    return changed.length > 0 ? `${label}: ${changed.join(', ')}` : label;
  }
  const from = word(fields['from']);
  const to = word(fields['to']);
  return from && to ? `${label}: ${from} → ${to}` : label;
}

/** Who did it, as the trail shows them. */
export const ACTIVITY_ACTOR_KINDS = ['staff', 'visitor', 'system'] as const;

export const ActivityEntrySchema = z
  .object({
    /** The event's id. */
    id: z.uuid(),
    at: z.iso.datetime(),
    actorKind: z.enum(ACTIVITY_ACTOR_KINDS),
    /** The staff member who did it (null for a visitor or the system). */
    actorId: z.uuid().nullable(),
    /** Their name now (their email as recorded when the account is gone), "visitor", or the system part's name. */
    actorName: z.string(),
    actorEmail: z.string().nullable(),
    /** The event type. */
    action: z.string(),
    actionLabel: z.string(),
    /** The record it was done to, when the console has a page for it. */
    recordKind: z.enum(Object.keys(ACTIVITY_RECORD_KINDS) as [ActivityRecordKind, ...ActivityRecordKind[]]).nullable(),
    recordId: z.string().nullable(),
    /** What the record is called, where the trail knows it (the person a staff account event is about). */
    recordName: z.string().nullable(),
    summary: z.string(),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.output<typeof ActivityEntrySchema>;
