import { Link } from 'wouter';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import type { FinanceTermsAnswer, VehicleSummary } from '@autobest/domain/inventory/contracts';
import { inventoryMessages } from './messages';
import { cardFinance } from './finance/financeFigures';
import { VehiclePhoto } from './VehiclePhoto';
import { CARD_SIZES } from './photoSources';

/** The card's badge, as the spec gives it: hybrid categories 'Hybrid EV', electric ones 'Plug-in Hybrid EV'. */
function badgeOf(category: string) {
  const text = category.toLowerCase();
  if (text.includes('hybrid')) return 'badgeHybrid';
  if (text.includes('electric')) return 'badgePlugInHybrid';
  return null;
}

/**
 * A search result: image, badge, the monthly figure with its terms (amortised, as a lender computes it), an economy
 * figure when the car has one, name, converted price, 'Starting MSRP*'.
 */
export function VehicleCard({ vehicle, finance }: { vehicle: VehicleSummary; finance: FinanceTermsAnswer }) {
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { format } = useCurrency();
  const badge = badgeOf(vehicle.category);
  const economy = vehicle.specifications.find((spec) => /economy|mpg|consumption|range/i.test(spec.name));
  const figures = cardFinance(vehicle.displayPrice, finance);
  const percent = (share: number) => number(share, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <li className="vehicle-card">
      <Link to={`/vehicle/${encodeURIComponent(vehicle.id)}`} className="vehicle-card-link">
        <VehiclePhoto url={vehicle.image?.url} alt={vehicle.image?.alt ?? vehicle.name} width={420} height={240} sizes={CARD_SIZES} />
        {badge ? <span className="card-badge">{t(badge)}</span> : null}
        <div className="vehicle-card-body">
          <p className="card-figure">{t('monthlyFigure', { price: format(figures.monthly, vehicle.displayPrice.currency as never) })}</p>
          <p className="card-terms">
            {t('monthlyTerms', { months: number(figures.termMonths), deposit: percent(finance.depositShare), apr: percent(figures.aprPercent / 100) })}
          </p>
          {economy ? <p className="card-subtitle">{`${economy.name}: ${economy.value}`}</p> : null}
          <h3>
            {vehicle.year} {vehicle.name}
          </h3>
          <p className="card-subtitle">{vehicle.subtitle}</p>
          <p className="card-price">{format(vehicle.displayPrice.amount, vehicle.displayPrice.currency as never)}</p>
          <p className="card-msrp">{t('startingMsrp')}</p>
        </div>
      </Link>
    </li>
  );
}
