import { Link } from 'wouter';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import type { VehicleSummary } from '@autobest/domain/inventory/contracts';
import { inventoryMessages } from './messages';

/** The card of the Electric and Complete Inventory pages: image, badge, rating, name, price, a few features. */
export function CollectionCard({ vehicle, badge, featureCount, showYear, onOpen }: { vehicle: VehicleSummary; badge: string | null; featureCount: number; showYear: boolean; onOpen?: () => void }) {
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { format } = useCurrency();
  return (
    <li className="vehicle-card">
      <img
        src={vehicle.image?.url ?? '/placeholder.svg'}
        alt={vehicle.image?.alt ?? vehicle.name}
        loading="lazy"
        width={420}
        height={240}
        onError={(event) => {
          if (!event.currentTarget.src.endsWith('/placeholder.svg')) event.currentTarget.src = '/placeholder.svg';
        }}
      />
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
