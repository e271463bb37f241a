import type { z } from 'zod';
import { domainMessage, type DomainMessage } from '../platform/messages';
import { validate, type FieldErrors } from '../platform/validation';
import type { PersonalInfo, VehicleInfo } from './fields';
import { SELL_CAR_PHOTO_SLOTS, SellCarFieldsSchema } from './sellCar';
import type { SiteLanguage } from '../platform/languages';
import { TRADE_IN_PHOTO_SLOTS, TradeInFieldsSchema } from './tradeIn';

export type SubmissionKind = 'sell-car' | 'trade-in';

/** A photo slot: its name on the wire and its English label. */
export interface PhotoSlot {
  slot: string;
  label: string;
}

/**
 * What differs between the two kinds of owner requests; everything else is shared. The events, the API, the notifier,
 * the storefront's forms and the console's resources all read this one table, so one code path serves both kinds and
 * a reader finds each difference here.
 */
export interface SubmissionKindInfo {
  kind: SubmissionKind;
  /** The API's path segment (/api/sell-car-submissions, /api/admin/sell-car-submissions) and the console's resource. */
  resource: 'sell-car-submissions' | 'trade-in-submissions';
  /** Its name in staff-facing text and emails. */
  name: 'Sell Car' | 'Trade-In';
  /** The start of its request ids (SC-1732838400000-ABC123). */
  idPrefix: 'SC' | 'TI';
  /** The event that opens its stream. */
  submittedEvent: 'SellCarSubmitted' | 'TradeInSubmitted';
  /** The spec's analytics event for a request sent. */
  sentEvent: 'sell_car_form_submit' | 'trade_in_form_submit';
  /** The value staff set on a request, as the API and console name it. */
  valueField: 'offeredValue' | 'estimatedValue';
  valueLabel: 'Offered Value' | 'Estimated Value';
  /** Sell-car offers are whole naira; trade-in estimates may have kobo. */
  wholeNaira: boolean;
  /** The form's flat fields, as the API checks them and the storefront checks them before sending. */
  schema: z.ZodType;
  slots: readonly PhotoSlot[];
  /** As the API words missing photos: its code, and for trade-in the missing slots and their English labels. */
  missingPhotosMessage(missing: readonly PhotoSlot[]): DomainMessage;
  /** Parses the flat multipart fields into the stored shapes, the site language the owner used and whether they asked for WhatsApp updates, or field → message. */
  parseFields(fields: Record<string, string>): { ok: true; personalInfo: PersonalInfo; vehicleInfo: VehicleInfo; language: SiteLanguage; whatsappUpdates: boolean } | { ok: false; errors: FieldErrors };
}

export const SUBMISSION_KINDS: Readonly<Record<SubmissionKind, SubmissionKindInfo>> = {
  'sell-car': {
    kind: 'sell-car',
    resource: 'sell-car-submissions',
    name: 'Sell Car',
    idPrefix: 'SC',
    submittedEvent: 'SellCarSubmitted',
    sentEvent: 'sell_car_form_submit',
    valueField: 'offeredValue',
    valueLabel: 'Offered Value',
    wholeNaira: true,
    schema: SellCarFieldsSchema,
    slots: SELL_CAR_PHOTO_SLOTS,
    missingPhotosMessage: () => domainMessage('sellPhotosRequired'),
    parseFields(fields) {
      const parsed = validate(SellCarFieldsSchema, fields);
      if (!parsed.ok) return { ok: false, errors: parsed.fields };
      const { fullName, phoneNumber, email, consent: _consent, language, whatsappUpdates, ...vehicle } = parsed.value;
      return { ok: true, personalInfo: { fullName, phoneNumber, email }, vehicleInfo: vehicle, language, whatsappUpdates };
    },
  },
  'trade-in': {
    kind: 'trade-in',
    resource: 'trade-in-submissions',
    name: 'Trade-In',
    idPrefix: 'TI',
    submittedEvent: 'TradeInSubmitted',
    sentEvent: 'trade_in_form_submit',
    valueField: 'estimatedValue',
    valueLabel: 'Estimated Value',
    wholeNaira: false,
    schema: TradeInFieldsSchema,
    slots: TRADE_IN_PHOTO_SLOTS,
    missingPhotosMessage: (missing) => domainMessage('tradeInPhotosRequired', { labels: missing.map(({ label }) => label), slots: missing.map(({ slot }) => slot) }),
    parseFields(fields) {
      const parsed = validate(TradeInFieldsSchema, fields);
      if (!parsed.ok) return { ok: false, errors: parsed.fields };
      const { fullName, phoneNumber, email, consent: _consent, vehicleMake, language, whatsappUpdates, ...vehicle } = parsed.value;
      return { ok: true, personalInfo: { fullName, phoneNumber, email }, vehicleInfo: { make: vehicleMake, ...vehicle }, language, whatsappUpdates };
    },
  },
};

/** The kinds in the order the API registers their routes. */
export const SUBMISSION_KIND_LIST: readonly SubmissionKindInfo[] = Object.values(SUBMISSION_KINDS);
