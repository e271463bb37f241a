import type { AnalyticsProperties } from '@autobest/domain/analytics';
import { SELL_CAR_FUEL_TYPES, SELL_CAR_TRANSMISSIONS, TRADE_IN_FUEL_TYPES, TRADE_IN_MAKES, TRADE_IN_TRANSMISSIONS, tradeInYears } from '@autobest/domain/submissions';
import { SUBMISSION_KINDS as KINDS, type SubmissionKind, type SubmissionKindInfo } from '@autobest/domain/submissions/kinds';
import type { SubmissionMessage } from './messages';

/** A choice in a select: its wire value, and the message naming it (none: the value is shown as it is, as a year). */
interface Option {
  value: string;
  message?: SubmissionMessage;
}

/** One vehicle field of a form, in the order the page shows it; `name` is the wire and schema field. */
export type VehicleField =
  | { name: string; control: 'text'; label: SubmissionMessage; numeric?: boolean }
  | { name: string; control: 'multiline'; label: SubmissionMessage }
  | { name: string; control: 'select'; label: SubmissionMessage; placeholder: SubmissionMessage; options: readonly Option[] }
  /** `initial`: the answer the form starts with; without one the question starts unanswered and must be answered. */
  | { name: string; control: 'yesNo'; label: SubmissionMessage; initial?: 'yes' | 'no' };

/** What differs between the sell-car and trade-in forms: the domain's kinds table, and how this page shows each; the page is the same. */
export interface SubmissionKindForm extends SubmissionKindInfo {
  vehicleFields: readonly VehicleField[];
  texts: {
    title: SubmissionMessage;
    lead: SubmissionMessage;
    form: SubmissionMessage;
    personal: SubmissionMessage;
    vehicle: SubmissionMessage;
    photos: SubmissionMessage;
    photosHint: SubmissionMessage;
    /** When set, the consent box sits in its own numbered section. */
    consentLegend?: SubmissionMessage;
    consent: SubmissionMessage;
    hint: SubmissionMessage;
    submit: SubmissionMessage;
    sent: SubmissionMessage;
    sentText: SubmissionMessage;
    failedTitle: SubmissionMessage;
    failed: SubmissionMessage;
    /** When set, a form that fails its own check also says so in a toast. */
    invalid?: { title: SubmissionMessage; text: SubmissionMessage };
    /** The owner's status page. */
    statusTitle: SubmissionMessage;
  };
  /** What the spec's analytics event for a request sent (sentEvent) records. */
  sentEventProperties(values: Record<string, string>, photoCount: number): AnalyticsProperties<SubmissionKindInfo['sentEvent']>;
}

/** The vehicle fields' values as the form opens: empty, or a yes/no question's `initial` answer when it has one. */
export const vehicleInitialValues = (form: SubmissionKindForm): Record<string, string> =>
  Object.fromEntries(form.vehicleFields.map((field) => [field.name, field.control === 'yesNo' ? (field.initial ?? '') : '']));

const choices = <V extends string>(values: readonly V[], messages: Record<V, SubmissionMessage>): Option[] => values.map((value) => ({ value, message: messages[value] }));

/** The vehicle fields both forms ask the same way; the forms differ in which they ask, their order and their choices. */
const MODEL: VehicleField = { name: 'model', control: 'text', label: 'model' };
const ODOMETER: VehicleField = { name: 'odometer', control: 'text', label: 'odometer', numeric: true };
const VIN: VehicleField = { name: 'vin', control: 'text', label: 'vin' };
const UNDER_FINANCE: VehicleField = { name: 'underFinance', control: 'yesNo', label: 'underFinance', initial: 'no' };
const KNOWN_ISSUES: VehicleField = { name: 'knownIssues', control: 'multiline', label: 'knownIssues' };
const fuelType = (options: Option[]): VehicleField => ({ name: 'fuelType', control: 'select', label: 'fuelType', placeholder: 'selectFuelType', options });
const transmission = (options: Option[]): VehicleField => ({ name: 'transmission', control: 'select', label: 'transmission', placeholder: 'selectTransmission', options });
const askingPrice = (label: SubmissionMessage): VehicleField => ({ name: 'askingPrice', control: 'text', label, numeric: true });

export const SELL_CAR: SubmissionKindForm = {
  ...KINDS['sell-car'],
  vehicleFields: [
    { name: 'make', control: 'text', label: 'make' },
    MODEL,
    { name: 'year', control: 'text', label: 'year', numeric: true },
    ODOMETER,
    VIN,
    fuelType(choices(SELL_CAR_FUEL_TYPES, { petrol: 'fuelPetrol', diesel: 'fuelDiesel', hybrid: 'fuelHybrid', electric: 'fuelElectric', lpg: 'fuelLpg' })),
    transmission(choices(SELL_CAR_TRANSMISSIONS, { automatic: 'transmissionAutomatic', manual: 'transmissionManual', cvt: 'transmissionCvt', semiAutomatic: 'transmissionSemiAutomatic' })),
    askingPrice('sellAskingPrice'),
    UNDER_FINANCE,
    KNOWN_ISSUES,
  ],
  texts: {
    title: 'sellTitle',
    lead: 'sellLead',
    form: 'sellForm',
    personal: 'sellPersonal',
    vehicle: 'sellVehicle',
    photos: 'sellPhotos',
    photosHint: 'sellPhotosHint',
    consent: 'sellConsent',
    hint: 'sellOfferHint',
    submit: 'sellSubmit',
    sent: 'sellSent',
    sentText: 'sellSentText',
    failedTitle: 'sellFailedTitle',
    failed: 'sellFailed',
    statusTitle: 'sellStatusTitle',
  },
  sentEventProperties: (values) => ({ make: values['make'] ?? '', year: values['year'] ?? '' }),
};

export const TRADE_IN: SubmissionKindForm = {
  ...KINDS['trade-in'],
  vehicleFields: [
    {
      name: 'vehicleMake',
      control: 'select',
      label: 'vehicleMake',
      placeholder: 'selectMake',
      options: TRADE_IN_MAKES.map((make) => (make === 'Other' ? { value: make, message: 'makeOther' } : { value: make })),
    },
    MODEL,
    { name: 'year', control: 'select', label: 'year', placeholder: 'selectYear', options: tradeInYears().map((year) => ({ value: String(year) })) },
    ODOMETER,
    fuelType(choices(TRADE_IN_FUEL_TYPES, { petrol: 'fuelPetrol', diesel: 'fuelDiesel', hybrid: 'fuelHybrid', ev: 'fuelEv' })),
    transmission(choices(TRADE_IN_TRANSMISSIONS, { automatic: 'transmissionAutomatic', manual: 'transmissionManual' })),
    VIN,
    askingPrice('tradeInAskingPrice'),
    // Unanswered until the owner chooses (spec 001 §5: 'Please specify if vehicle is under finance'); the sell form defaults to No.
    { name: 'underFinance', control: 'yesNo', label: 'underFinance' },
    KNOWN_ISSUES,
  ],
  texts: {
    title: 'tradeInTitle',
    lead: 'tradeInLead',
    form: 'tradeInForm',
    personal: 'tradeInPersonal',
    vehicle: 'tradeInVehicle',
    photos: 'tradeInPhotos',
    photosHint: 'tradeInPhotosHint',
    consentLegend: 'tradeInConsentLegend',
    consent: 'tradeInConsent',
    hint: 'tradeInValueHint',
    submit: 'tradeInSubmit',
    sent: 'tradeInSent',
    sentText: 'tradeInSentText',
    failedTitle: 'tradeInFailedTitle',
    failed: 'tradeInFailed',
    invalid: { title: 'tradeInInvalidTitle', text: 'tradeInInvalid' },
    statusTitle: 'tradeInStatusTitle',
  },
  sentEventProperties: (values, photoCount) => ({ vehicleMake: values['vehicleMake'] ?? '', year: values['year'] ?? '', imagesCount: photoCount }),
};

export const SUBMISSION_KINDS: Readonly<Record<SubmissionKind, SubmissionKindForm>> = { 'sell-car': SELL_CAR, 'trade-in': TRADE_IN };
