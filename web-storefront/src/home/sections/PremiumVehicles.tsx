import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { VehicleSummary } from '@autobest/domain/inventory/contracts';
import { useCurrency } from '../../currency/CurrencyContext';
import { track } from '../../analytics/analytics';
import { useFormat } from '../../i18n';
import { useSayRequestMessage } from '../../api/domainMessages';
import { useVehicleSearch } from '../../inventory/useVehicleSearch';
import { ResultGrid } from '../../inventory/ResultGrid';
import { DEALS, salePrice } from '../../deals/deals';
import type { Key, T } from './HomeSections';
import { VehiclePhoto } from '../../inventory/VehiclePhoto';
import { CARD_SIZES } from '../../inventory/photoSources';

/** The spec's filter options; model values are the catalogue's model names. */
const MAKES = ['Chery', 'BYD', 'Toyota', 'Xpeng'] as const;
const MODELS: ReadonlyArray<{ label: string; value: string; make: (typeof MAKES)[number] }> = [
  { label: 'Omoda 5', value: 'Omoda 5', make: 'Chery' },
  { label: 'Seal U', value: 'Seal U', make: 'BYD' },
  { label: 'bZ4X', value: 'BZ4X 430 Air', make: 'Toyota' },
  { label: 'Venza', value: 'Venza', make: 'Toyota' },
];
const CONDITIONS: ReadonlyArray<readonly [string, Key]> = [
  ['new', 'conditionNew'],
  ['used', 'conditionUsed'],
  ['certified', 'conditionCertified'],
];

interface Choices {
  condition: string;
  make: string;
  model: string;
  location: string;
}

const searchOf = (choices: Choices) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(choices)) if (value.trim()) query.set(key, value.trim());
  return query;
};

/** Premium Vehicles under its heading: shop (filters and the best rated cars) or sell. */
export function PremiumVehicles({ t }: { t: T }) {
  const [tab, setTab] = useState<'shop' | 'sell'>('shop');
  const [choices, setChoices] = useState<Choices>({ condition: '', make: '', model: '', location: '' });
  const [location, setLocationText] = useState('');
  const [, navigate] = useLocation();
  const { currency } = useCurrency();
  const { number } = useFormat();
  const query = searchOf(choices);
  query.set('currency', currency);
  query.set('pageSize', '8');
  query.set('sort', 'rating');
  const { state, updating } = useVehicleSearch(query.toString());
  const say = useSayRequestMessage();

  const choose = (changes: Partial<Choices>) => setChoices((current) => ({ ...current, ...changes }));
  const findMyCar = (event: FormEvent) => {
    event.preventDefault();
    const carried = searchOf({ ...choices, location });
    track('user_interaction', { action: 'find_my_car', filters: carried.toString() });
    navigate(`/inventory${carried.size > 0 ? `?${carried.toString()}` : ''}`);
  };
  const models = MODELS.filter((model) => !choices.make || model.make === choices.make);

  return (
    <>
      <div role="tablist" aria-label={t('premiumTitle')} className="tabs">
        {(['shop', 'sell'] as const).map((id) => (
          <button key={id} id={`premium-tab-${id}`} type="button" role="tab" aria-selected={tab === id} aria-controls={`premium-panel-${id}`} className={`tab${tab === id ? ' tab-active' : ''}`} onClick={() => setTab(id)}>
            {t(id === 'shop' ? 'tabShop' : 'tabSell')}
          </button>
        ))}
      </div>
      {tab === 'sell' ? (
        <div id="premium-panel-sell" role="tabpanel" aria-labelledby="premium-tab-sell" className="sell-pitch">
          <h3>{t('sellPitchTitle')}</h3>
          <p>{t('sellPitch')}</p>
          <p className="home-actions">
            <Link to="/sell-car" className="button">
              {t('sellCta')}
            </Link>
            <Link to="/trade-in" className="button button-secondary">
              {t('tradeInCta')}
            </Link>
          </p>
        </div>
      ) : (
        <div id="premium-panel-shop" role="tabpanel" aria-labelledby="premium-tab-shop">
          <form className="premium-filters" onSubmit={findMyCar} aria-label={t('premiumTitle')}>
            <label>
              {t('conditionLabel')}
              <select value={choices.condition} onChange={(event) => choose({ condition: event.target.value })}>
                <option value="">{t('conditionAny')}</option>
                {CONDITIONS.map(([value, key]) => (
                  <option key={value} value={value}>
                    {t(key)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('makeLabel')}
              <select value={choices.make} onChange={(event) => choose({ make: event.target.value, model: '' })}>
                <option value="">{t('makeAny')}</option>
                {MAKES.map((make) => (
                  <option key={make} value={make}>
                    {make}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('modelLabel')}
              <select value={choices.model} onChange={(event) => choose({ model: event.target.value })}>
                <option value="">{t('modelAny')}</option>
                {models.map((model) => (
                  <option key={model.value} value={model.value}>
                    {model.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('locationLabel')}
              <input
                value={location}
                placeholder={t('locationPlaceholder')}
                onChange={(event) => setLocationText(event.target.value)}
                onBlur={() => choose({ location })}
                autoComplete="address-level2"
              />
            </label>
            <button type="submit" className="button">
              {t('findMyCar')}
            </button>
          </form>
          {state.phase === 'loading' ? (
            <p role="status">{t('loadingVehicles')}</p>
          ) : state.phase === 'failed' ? (
            <p className="notice notice-error" role="alert">
              {t('vehiclesFailed', { message: say(state.message) })}
            </p>
          ) : state.result.items.length === 0 ? (
            <p className="empty-state" role="status">
              {t('noVehicles')}
            </p>
          ) : (
            <ResultGrid count={t.plural('matchCount', state.result.total, { count: number(state.result.total) })} className="premium-grid" busy={updating}>
              {state.result.items.map((vehicle) => (
                <li key={vehicle.id} className="premium-card">
                  <Link to={`/vehicle/${encodeURIComponent(vehicle.id)}`} onClick={() => track('user_interaction', { action: 'premium_vehicle_open', vehicleId: vehicle.id })}>
                    <VehiclePhoto url={vehicle.image?.url} alt={vehicle.image?.alt ?? vehicle.name} width={320} height={180} sizes={CARD_SIZES} />
                    <h3>
                      {vehicle.year} {vehicle.name}
                    </h3>
                    <p className="premium-subtitle">{vehicle.subtitle}</p>
                    <p className="premium-specs">{vehicle.specifications.slice(0, 4).map((spec) => spec.value).join(' · ')}</p>
                    <PremiumPrice vehicle={vehicle} t={t} />
                    <p className="premium-rating">
                      <span aria-hidden="true">★ </span>
                      {t.plural('ratingReviews', vehicle.reviewCount, { rating: number(vehicle.rating, { maximumFractionDigits: 1 }), count: number(vehicle.reviewCount) })}
                    </p>
                  </Link>
                </li>
              ))}
            </ResultGrid>
          )}
        </div>
      )}
    </>
  );
}

/** The card's price; a vehicle on this month's deals shows its sale price, the listed one struck through and the saving. */
function PremiumPrice({ vehicle, t }: { vehicle: VehicleSummary; t: T }) {
  const { format } = useCurrency();
  const { number } = useFormat();
  const { amount, currency } = vehicle.displayPrice;
  const deal = DEALS.find((candidate) => candidate.vehicleId === vehicle.id);
  if (!deal) return <p className="premium-price">{format(amount, currency as never)}</p>;
  return (
    <>
      <p className="premium-price">
        {format(salePrice(amount, deal.discountPercent), currency as never)} <span className="premium-discount">{t('dealSave', { percent: number(deal.discountPercent / 100, { style: 'percent' }) })}</span>
      </p>
      <p className="premium-original">
        <s>{t('dealWas', { price: format(amount, currency as never) })}</s>
      </p>
    </>
  );
}
