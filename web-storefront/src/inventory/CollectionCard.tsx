import { Link } from 'wouter';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import type { VehicleSummary } from '@autobest/domain/inventory/contracts';
import { inventoryMessages } from './messages';
import { VehiclePhoto } from './VehiclePhoto';
import { CARD_SIZES } from './photoSources';

/** The card of the Electric and Complete Inventory pages: image, badge, rating, name, price, a few features. */
export function CollectionCard({ vehicle, badge, featureCount, showYear, onOpen }: { vehicle: VehicleSummary; badge: string | null; featureCount: number; showYear: boolean; onOpen?: () => void }) {
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { format } = useCurrency();
  return (
    <li className="vehicle-card">
      <VehiclePhoto url={vehicle.image?.url} alt={vehicle.image?.alt ?? vehicle.name} width={420} height={240} sizes={CARD_SIZES} />
      {badge ? <span className="card-badge">{badge}</span> : null}
      <div className="vehicle-card-body">
        <p className="card-figure">★ {number(vehicle.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</p>
        <h3>{vehicle.name}</h3>
        <p className="card-subtitle">{vehicle.subtitle}</p>
        <p className="card-price">{format(vehicle.displayPrice.amount, vehicle.displayPrice.currency as never)}</p>
        {showYear ? <p className="card-subtitle">{vehicle.year}</p> : null}
        {vehicle.features.length > 0 ? <p className="card-subtitle">{vehicle.features.slice(0, featureCount).join(' · ')}</p> : null}
        <Link className="button button-small" to={`/vehicle/${encodeURIComponent(vehicle.id)}`} onClick={onOpen}>
          {t('viewDetails')}
        </Link>
      </div>
    </li>
  );
}
