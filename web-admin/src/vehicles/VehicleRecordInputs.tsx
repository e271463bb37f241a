import { DateInput, FormDataConsumer, NumberInput, SelectInput, TextInput, minValue, type Validator } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { PRICE_CURRENCY_CODES } from '@autobest/domain/money';
import { STAFF_MESSAGES } from '@autobest/domain/messages';
import { CalendarDateSchema, EV_RANGE_KM_MAX, IMPORT_STATUS_LABELS, IMPORT_STATUSES, vinProblem } from '@autobest/domain/inventory/vehicleRecord';
import { chargesFromTheGrid } from '@autobest/domain/inventory/kinds';

const IMPORT_STATUS_CHOICES = IMPORT_STATUSES.map((status) => ({ id: status, name: IMPORT_STATUS_LABELS[status] }));
const CURRENCIES = PRICE_CURRENCY_CODES.map((code) => ({ id: code, name: code }));

/** The API's own VIN rule, so staff see it at the field before they save: form, and the check digit where mandatory. */
const validVin: Validator = (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const problem = vinProblem(value.replace(/\s+/g, '').toUpperCase());
  return problem ? STAFF_MESSAGES[problem] : undefined;
};

const validArrival: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && !CalendarDateSchema.safeParse(value).success ? STAFF_MESSAGES.expectedArrivalInvalid : undefined;

const pricingOf = (record: { pricing?: Record<string, unknown> | null }) => record.pricing ?? {};
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Pricing is all or nothing: an amount without the other is asked for; the minimum must not pass the maximum. */
const pricingAmount =
  (other: 'min' | 'max'): Validator =>
  (value: unknown, record: { pricing?: Record<string, unknown> | null }) => {
    const pricing = pricingOf(record);
    if (!given(value) && given(pricing[other])) return 'Give both the minimum and the maximum, or neither';
    if (given(value) && Number(value) <= 0) return STAFF_MESSAGES.pricingAmountInvalid;
    if (other === 'min' && given(value) && given(pricing['min']) && Number(pricing['min']) > Number(value)) return STAFF_MESSAGES.pricingRangeInvalid;
    return undefined;
  };

/** The record as the API takes it: no pricing when both amounts are blank, no arrival for a car in stock, blanks as null. */
export function vehicleRecordOf<T extends Record<string, unknown>>(data: T): T {
  const pricing = (data['pricing'] ?? null) as Record<string, unknown> | null;
  const priced = pricing && (given(pricing['min']) || given(pricing['max']));
  return {
    ...data,
    vin: typeof data['vin'] === 'string' ? data['vin'].replace(/\s+/g, '').toUpperCase() : '',
    expectedArrival: data['importStatus'] === 'in-stock' || !given(data['expectedArrival']) ? null : data['expectedArrival'],
    evRangeKm: given(data['evRangeKm']) ? data['evRangeKm'] : null,
    pricing: priced
      ? { min: pricing['min'], max: pricing['max'], currency: pricing['currency'] ?? data['currency'] ?? 'USD', reservationAmount: given(pricing['reservationAmount']) ? pricing['reservationAmount'] : 0, note: pricing['note'] ?? '' }
      : null,
  };
}

/** VIN, trim, import status and arrival, driving range and pricing: the parts of the record beyond the listing. */
export function VehicleRecordInputs() {
  return (
    <>
      <TextInput source="vin" label="VIN" validate={validVin} helperText="17 characters, no I, O or Q; the check digit is verified for North American (1-5) and Chinese (L) VINs" />
      <TextInput source="trim" label="Trim" helperText="e.g. Luxury, Extended Range" />
      <SelectInput source="importStatus" label="Import status" choices={IMPORT_STATUS_CHOICES} defaultValue="in-stock" />
      <FormDataConsumer<{ importStatus?: string }>>
        {({ formData }) => (formData.importStatus && formData.importStatus !== 'in-stock' ? <DateInput source="expectedArrival" label="Expected arrival" validate={validArrival} /> : null)}
      </FormDataConsumer>
      {/* Shown for a car that charges, and for any car that has a range (one saved before the rule): staff clear it or correct the fuel. */}
      <FormDataConsumer<{ fuelType?: string; evRangeKm?: unknown }>>
        {({ formData }) =>
          chargesFromTheGrid(formData.fuelType) || given(formData.evRangeKm) ? (
            <NumberInput
              source="evRangeKm"
              label="Driving range (km)"
              min={1}
              max={EV_RANGE_KM_MAX}
              step={1}
              helperText="Electric and plug-in cars: the range on electricity from the data-collection record"
              validate={(value: unknown, record: { fuelType?: string }) =>
                !given(value)
                  ? undefined
                  : !Number.isInteger(Number(value)) || Number(value) < 1 || Number(value) > EV_RANGE_KM_MAX
                    ? STAFF_MESSAGES.evRangeInvalid
                    : chargesFromTheGrid(record.fuelType)
                      ? undefined
                      : STAFF_MESSAGES.evRangeNotCharging
              }
            />
          ) : null
        }
      </FormDataConsumer>
      <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, width: '100%', maxWidth: 720 }}>
        <Typography component="legend" variant="subtitle2">
          Pricing (optional: the vehicle page shows the price without it)
        </Typography>
        <NumberInput source="pricing.min" label="Minimum" min={0} validate={pricingAmount('max')} />
        <NumberInput source="pricing.max" label="Maximum" min={0} validate={pricingAmount('min')} />
        <SelectInput source="pricing.currency" label="Pricing currency" choices={CURRENCIES} emptyText="Same as the price" />
        <NumberInput source="pricing.reservationAmount" label="Reservation amount" min={0} validate={minValue(0, STAFF_MESSAGES.reservationAmountInvalid)} />
        <TextInput source="pricing.note" label="Pricing note" fullWidth multiline />
      </Box>
    </>
  );
}
