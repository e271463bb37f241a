import type { VehicleDetail } from '@autobest/domain/inventory/contracts';
import { chargesFromTheGrid } from '@autobest/domain/inventory/kinds';
import { useCurrency } from '../../currency/CurrencyContext';
import { useFormat, useT } from '../../i18n';
import { vehicleRecordMessages } from './messages';

const STATUS_MESSAGES = { 'in-stock': 'statusInStock', 'in-transit': 'statusInTransit', 'on-order': 'statusOnOrder' } as const;

/**
 * The range staff quote for the vehicle, in the visitor's currency; nothing when they quote none (the page's price
 * then stands alone). It replaces the prototype's price × 0.97 to × 1.03.
 */
export function PriceRange({ vehicle }: { vehicle: VehicleDetail }) {
  const t = useT(vehicleRecordMessages);
  const { format } = useCurrency();
  const pricing = vehicle.displayPricing;
  if (!pricing) return null;
  const money = (amount: number) => format(amount, pricing.currency as never);
  return <p className="hint price-range">{t('priceRange', { low: money(pricing.min), high: money(pricing.max) })}</p>;
}

/** The information grid's rows for the record beyond the listing: trim, VIN, availability, driving range and pricing. */
export function VehicleRecordRows({ vehicle }: { vehicle: VehicleDetail }) {
  const t = useT(vehicleRecordMessages);
  const { number, date } = useFormat();
  const { format } = useCurrency();
  const status = t(STATUS_MESSAGES[vehicle.importStatus]);
  // A calendar date: formatted at noon UTC, it reads as the same day in every time zone.
  const arrival = vehicle.importStatus !== 'in-stock' && vehicle.expectedArrival ? date(`${vehicle.expectedArrival}T12:00:00Z`, { dateStyle: 'long' }) : null;
  const pricing = vehicle.displayPricing;
  const money = (amount: number) => format(amount, (pricing?.currency ?? vehicle.displayPrice.currency) as never);
  const row = (label: string, value: string, key: string) => (
    <div className="spec-pair" key={key} data-record={key}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <>
      {vehicle.trim ? row(t('trim'), vehicle.trim, 'trim') : null}
      {row(t('vin'), vehicle.vin || t(vehicle.importStatus === 'on-order' ? 'vinNotYet' : 'vinOnRequest'), 'vin')}
      {row(t('importStatus'), arrival ? t('expectedArrival', { status, date: arrival }) : status, 'importStatus')}
      {/* A range saved on a car that does not charge, before staff were refused one, is not shown. */}
      {vehicle.evRangeKm !== null && chargesFromTheGrid(vehicle.fuelType) ? row(t('drivingRange'), t('drivingRangeKm', { km: number(vehicle.evRangeKm) }), 'evRange') : null}
      {pricing ? row(t('pricing'), `${money(pricing.min)} – ${money(pricing.max)}`, 'pricing') : null}
      {pricing ? row(t('reservationAmount'), money(pricing.reservationAmount), 'reservationAmount') : null}
      {vehicle.pricing?.note ? row(t('pricingNote'), vehicle.pricing.note, 'pricingNote') : null}
    </>
  );
}
