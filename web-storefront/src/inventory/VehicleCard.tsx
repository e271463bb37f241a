import { Link } from 'wouter';
import { useCurrency } from '../currency/CurrencyContext';
import { badgeOf, type VehicleSummary } from './api';

const PLACEHOLDER = '/placeholder.svg';

/** A search result: image, badge, an economy figure or the monthly one, name, converted price, 'Starting MSRP*'. */
export function VehicleCard({ vehicle }: { vehicle: VehicleSummary }) {
  const { format } = useCurrency();
  const badge = badgeOf(vehicle.category);
  const economy = vehicle.specifications.find((spec) => /economy|mpg|consumption|range/i.test(spec.name));
  const monthly = Math.round(vehicle.displayPrice.amount / 12);
  return (
    <li className="vehicle-card">
      <Link to={`/vehicle/${encodeURIComponent(vehicle.id)}`} className="vehicle-card-link">
        <img
          src={vehicle.image?.url ?? PLACEHOLDER}
          alt={vehicle.image?.alt ?? vehicle.name}
          loading="lazy"
          width={420}
          height={240}
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(PLACEHOLDER)) event.currentTarget.src = PLACEHOLDER;
          }}
        />
        {badge ? <span className="card-badge">{badge}</span> : null}
        <div className="vehicle-card-body">
          <p className="card-figure">{economy ? `${economy.name}: ${economy.value}` : `${format(monthly, vehicle.displayPrice.currency as never)}/mo · 3.9%`}</p>
          <h3>
            {vehicle.year} {vehicle.name}
          </h3>
          <p className="card-subtitle">{vehicle.subtitle}</p>
          <p className="card-price">{format(vehicle.displayPrice.amount, vehicle.displayPrice.currency as never)}</p>
          <p className="card-msrp">Starting MSRP*</p>
        </div>
      </Link>
    </li>
  );
}
