import {
  SELL_CAR_PHOTO_SLOTS,
  SellCarFieldsSchema,
  domainMessage,
  TRADE_IN_PHOTO_SLOTS,
  TradeInFieldsSchema,
  type DomainMessage,
  type FieldErrors,
  type PersonalInfo,
  type SubmissionKind,
  type VehicleInfo,
  validate,
} from '@autobest/domain';
import type { PhotoSlot } from './photoUpload';

/** What differs between the two kinds of owner requests; everything else is shared. */
export interface SubmissionKindSpec {
  kind: SubmissionKind;
  /** Public path segment and console resource name. */
  resource: 'sell-car-submissions' | 'trade-in-submissions';
  slots: readonly PhotoSlot[];
  valueField: 'offeredValue' | 'estimatedValue';
  missingPhotosMessage(missing: readonly PhotoSlot[]): DomainMessage;
  /** Parses the flat multipart fields into the stored shapes, or field → message. */
  parseFields(fields: Record<string, string>): { ok: true; personalInfo: PersonalInfo; vehicleInfo: VehicleInfo } | { ok: false; errors: FieldErrors };
}

export const SELL_CAR: SubmissionKindSpec = {
  kind: 'sell-car',
  resource: 'sell-car-submissions',
  slots: SELL_CAR_PHOTO_SLOTS,
  valueField: 'offeredValue',
  missingPhotosMessage: () => domainMessage('sellPhotosRequired'),
  parseFields(fields) {
    const parsed = validate(SellCarFieldsSchema, fields);
    if (!parsed.ok) return { ok: false, errors: parsed.fields };
    const { fullName, phoneNumber, email, consent: _consent, ...vehicle } = parsed.value;
    return { ok: true, personalInfo: { fullName, phoneNumber, email }, vehicleInfo: vehicle };
  },
};

export const TRADE_IN: SubmissionKindSpec = {
  kind: 'trade-in',
  resource: 'trade-in-submissions',
  slots: TRADE_IN_PHOTO_SLOTS,
  valueField: 'estimatedValue',
  missingPhotosMessage: (missing) => domainMessage('tradeInPhotosRequired', { labels: missing.map(({ label }) => label), slots: missing.map(({ slot }) => slot) }),
  parseFields(fields) {
    const parsed = validate(TradeInFieldsSchema, fields);
    if (!parsed.ok) return { ok: false, errors: parsed.fields };
    const { fullName, phoneNumber, email, consent: _consent, vehicleMake, ...vehicle } = parsed.value;
    return { ok: true, personalInfo: { fullName, phoneNumber, email }, vehicleInfo: { make: vehicleMake, ...vehicle } };
  },
};

export const SUBMISSION_KINDS = [SELL_CAR, TRADE_IN] as const;
