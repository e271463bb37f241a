import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useParams } from 'wouter';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useLanguage, useT } from '../i18n';
import { directionOf } from '../i18n/languages';
import { NotFoundPage } from '../not-found/NotFoundPage';
import type { VehicleDetail } from '@autobest/domain/inventory/contracts';
import { salesWhatsappUrl } from '@autobest/domain/inventory/reservation';
import { ApiFailure, failedReadMessage, getJson, VEHICLE_MEANING } from './api';
import { useSayRequestMessage, type ShownMessage } from '../api/domainMessages';
import { CONDITION_MESSAGES, inventoryMessages } from './messages';
import { track } from '../analytics/analytics';
import { PageWithBackLink } from '../ui/BackLink';
import { PriceRange, VehicleRecordRows } from './record/VehicleRecord';
import { VehiclePhoto } from './VehiclePhoto';
import { GALLERY_SIZES } from './photoSources';

// The landed-cost and finance calculators sit below the photos and the summary: their code (and messages) comes once
// the vehicle is shown, not before the page's first paint.
const PriceCalculation = lazy(async () => ({ default: (await import('./PriceCalculation')).PriceCalculation }));
const FinanceCalculator = lazy(async () => ({ default: (await import('./finance/FinanceCalculator')).FinanceCalculator }));
// The reservation form and what keeps its draft on the phone (src/offline/draft/) come once the vehicle is shown too: a
// moment later than the photo, the name and the price, in a space kept for it so nothing below moves.
const ReserveForm = lazy(async () => ({ default: (await import('./ReserveForm')).ReserveForm }));

const PLACEHOLDER = '/placeholder.svg';

function Gallery({ vehicle }: { vehicle: VehicleDetail }) {
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const rtl = directionOf(useLanguage()) === 'rtl';
  const [index, setIndex] = useState(0);
  const images = vehicle.images.length > 0 ? vehicle.images : [{ url: PLACEHOLDER, alt: vehicle.name }];
  const count = images.length;
  const go = (next: number) => setIndex((next + count) % count);
  // Right to left, the next photo lies to the left: the arrow keys follow the mirrored buttons.
  const onKey = (event: KeyboardEvent) => {
    if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) go(index + 1);
    if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) go(index - 1);
  };
  const current = images[index]!;
  return (
    <div className="gallery" role="group" aria-roledescription={t('galleryRole')} aria-label={t('galleryLabel', { name: vehicle.name })} tabIndex={0} onKeyDown={onKey}>
      <div className="gallery-main">
        <VehiclePhoto url={current.url} alt={current.alt || vehicle.name} width={840} height={480} sizes={GALLERY_SIZES} lazy={false} />
        <button type="button" className="gallery-nav gallery-prev" aria-label={t('previousPhoto')} onClick={() => go(index - 1)}>
          <span aria-hidden="true" className="flip-rtl">
            ‹
          </span>
        </button>
        <button type="button" className="gallery-nav gallery-next" aria-label={t('nextPhoto')} onClick={() => go(index + 1)}>
          <span aria-hidden="true" className="flip-rtl">
            ›
          </span>
        </button>
        <span className="gallery-counter" aria-live="polite">
          {t('galleryCounter', { current: number(index + 1), count: number(count) })}
        </span>
      </div>
      <ul className="gallery-thumbs">
        {images.map((image, position) => (
          <li key={`${image.url}-${position}`}>
            <button type="button" aria-label={t('photoNumber', { n: number(position + 1) })} aria-current={position === index} onClick={() => setIndex(position)}>
              <VehiclePhoto url={image.url} alt="" width={120} height={68} sizes="120px" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The API sends a condition as a string; anything it does not name is shown as new, as before. */
const conditionMessage = (condition: string) => (condition === 'certified' || condition === 'used' ? CONDITION_MESSAGES[condition] : CONDITION_MESSAGES.new);

/** One vehicle, the one the URL names: gallery, price, specs, features, reservation and a WhatsApp chat. */
export function VehiclePage() {
  const { id = '' } = useParams();
  const t = useT(inventoryMessages);
  const say = useSayRequestMessage();
  const { number } = useFormat();
  const { currency, format } = useCurrency();
  const [state, setState] = useState<{ phase: 'loading' } | { phase: 'ready'; vehicle: VehicleDetail } | { phase: 'missing' } | { phase: 'failed'; message: ShownMessage }>({ phase: 'loading' });

  // One view per vehicle opened, not per reload of its price in another currency.
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getJson<VehicleDetail>(`/api/vehicles/${encodeURIComponent(id)}?currency=${currency}`, controller.signal)
      .then((vehicle) => {
        setState({ phase: 'ready', vehicle });
        if (viewed.current !== vehicle.id) track('inventory_vehicle_view', { vehicleId: vehicle.id });
        viewed.current = vehicle.id;
      })
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'AbortError') return;
        if (error instanceof ApiFailure && error.status === 404) setState({ phase: 'missing' });
        else setState({ phase: 'failed', message: failedReadMessage(error, VEHICLE_MEANING) });
      });
    return () => controller.abort();
  }, [id, currency]);

  if (state.phase === 'missing') return <NotFoundPage />;
  if (state.phase === 'loading') {
    return (
      <section className="page">
        <p role="status">{t('loadingVehicle')}</p>
      </section>
    );
  }
  if (state.phase === 'failed') {
    return (
      <section className="page">
        <p role="alert" className="notice notice-error">
          {t('errorVehicle', { message: say(state.message) })}
        </p>
      </section>
    );
  }
  const { vehicle } = state;
  const price = vehicle.displayPrice;
  const link = `${window.location.origin}/vehicle/${encodeURIComponent(vehicle.id)}`;
  const whatsapp = salesWhatsappUrl(t('whatsappText', { year: vehicle.year, name: vehicle.name, subtitle: vehicle.subtitle, link }));

  return (
    <PageWithBackLink to="/inventory" label={t('backInventory')} className="vehicle-page">
      <div className="vehicle-layout">
        <Gallery vehicle={vehicle} />
        <div className="vehicle-summary">
          <h1>
            {vehicle.year} {vehicle.name}
          </h1>
          <p className="card-subtitle">{vehicle.subtitle}</p>
          <p className="rating" aria-label={t.plural('ratedLabel', vehicle.reviewCount, { rating: number(vehicle.rating), count: number(vehicle.reviewCount) })}>
            ★ {number(vehicle.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} <span>{t.plural('reviewCount', vehicle.reviewCount, { count: number(vehicle.reviewCount) })}</span>
          </p>
          <p className="vehicle-price">{format(price.amount, price.currency as never)}</p>
          <PriceRange vehicle={vehicle} />
          <Suspense fallback={<div className="reserve-form-placeholder" />}>
            <ReserveForm vehicle={vehicle} />
          </Suspense>
          <a className="button button-secondary" href={whatsapp} target="_blank" rel="noreferrer">
            {t('chatWithSales')}
          </a>
        </div>
      </div>

      <Suspense fallback={null}>
        <PriceCalculation vehicleId={vehicle.id} />
      </Suspense>

      <h2>{t('vehicleInformation')}</h2>
      <dl className="spec-grid">
        <dt>{t('make')}</dt>
        <dd>{vehicle.brand}</dd>
        <dt>{t('model')}</dt>
        <dd>{vehicle.model}</dd>
        <dt>{t('year')}</dt>
        <dd>{vehicle.year}</dd>
        <dt>{t('condition')}</dt>
        <dd>{t(conditionMessage(vehicle.condition))}</dd>
        <dt>{t('odometer')}</dt>
        <dd>{t('odometerKm', { km: number(vehicle.odometerKm) })}</dd>
        <dt>{t('location')}</dt>
        <dd>{t('place', { city: vehicle.location.city, country: vehicle.location.country })}</dd>
        <VehicleRecordRows vehicle={vehicle} />
        {vehicle.specifications.map((spec) => (
          <div key={spec.name} className="spec-pair">
            <dt>{spec.name}</dt>
            <dd>{spec.value}</dd>
          </div>
        ))}
      </dl>

      <Suspense fallback={null}>
        <FinanceCalculator key={`${vehicle.id}-${price.currency}`} vehicle={vehicle} />
      </Suspense>

      {vehicle.featureDetails.length > 0 ? (
        <>
          <h2>{t('keyFeatures')}</h2>
          <ul className="feature-list">
            {vehicle.featureDetails.map((feature) => (
              <li key={feature.name}>{feature.name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {vehicle.description ? <p>{vehicle.description}</p> : null}

      <aside className="notice">
        <h2>{t('deliveryTitle')}</h2>
        <p>{t('deliveryText')}</p>
      </aside>
      <p className="hint">{t('illustrative')}</p>
    </PageWithBackLink>
  );
}
