import {
  SELL_CAR_PHOTO_SLOTS,
  SellCarFieldsSchema,
  SubmissionMessages,
  TRADE_IN_PHOTO_SLOTS,
  TradeInFieldsSchema,
  type PersonalInfo,
  type SubmissionKind,
  type VehicleInfo,
} from '@autobest/domain';
import type { z } from 'zod';
import type { PhotoSlot } from './photoUpload';

/** What differs between the two kinds of owner requests; everything else is shared. */
export interface SubmissionKindSpec {
  kind: SubmissionKind;
  /** Public path segment and console resource name. */
  resource: 'sell-car-submissions' | 'trade-in-submissions';
  slots: readonly PhotoSlot[];
  valueField: 'offeredValue' | 'estimatedValue';
  missingPhotosMessage(missingLabels: readonly string[]): string;
  /** Parses the flat multipart fields into the stored shapes, or field → message. */
  parseFields(fields: Record<string, string>): { ok: true; personalInfo: PersonalInfo; vehicleInfo: VehicleInfo } | { ok: false; errors: Record<string, string> };
}

function firstMessages(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

export const SELL_CAR: SubmissionKindSpec = {
  kind: 'sell-car',
  resource: 'sell-car-submissions',
  slots: SELL_CAR_PHOTO_SLOTS,
  valueField: 'offeredValue',
  missingPhotosMessage: () => SubmissionMessages.sellPhotosRequired,
  parseFields(fields) {
    const parsed = SellCarFieldsSchema.safeParse(fields);
    if (!parsed.success) return { ok: false, errors: firstMessages(parsed.error) };
    const { fullName, phoneNumber, email, consent: _consent, ...vehicle } = parsed.data;
    return { ok: true, personalInfo: { fullName, phoneNumber, email }, vehicleInfo: vehicle };
  },
};

export const TRADE_IN: SubmissionKindSpec = {
  kind: 'trade-in',
  resource: 'trade-in-submissions',
  slots: TRADE_IN_PHOTO_SLOTS,
  valueField: 'estimatedValue',
  missingPhotosMessage: (labels) => SubmissionMessages.tradeInPhotosRequired(labels),
  parseFields(fields) {
    const parsed = TradeInFieldsSchema.safeParse(fields);
    if (!parsed.success) return { ok: false, errors: firstMessages(parsed.error) };
    const { fullName, phoneNumber, email, consent: _consent, vehicleMake, ...vehicle } = parsed.data;
    return { ok: true, personalInfo: { fullName, phoneNumber, email }, vehicleInfo: { make: vehicleMake, ...vehicle } };
  },
};

export const SUBMISSION_KINDS = [SELL_CAR, TRADE_IN] as const;
