import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useParams } from 'wouter';
import { postJson } from '../api/client';
import { useCurrency } from '../currency/CurrencyContext';
import { NotFoundPage } from '../notFound/NotFoundPage';
import { ApiFailure, getJson, type VehicleDetail } from './api';
import { track } from '../analytics/analytics';

const SALES_WHATSAPP = '2348002886237';
const PLACEHOLDER = '/placeholder.svg';

function Gallery({ vehicle }: { vehicle: VehicleDetail }) {
  const [index, setIndex] = useState(0);
  const images = vehicle.images.length > 0 ? vehicle.images : [{ url: PLACEHOLDER, alt: vehicle.name }];
  const count = images.length;
  const go = (next: number) => setIndex((next + count) % count);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    if (event.key === 'ArrowLeft') go(index - 1);
  };
  const current = images[index]!;
  return (
    <div className="gallery" role="group" aria-roledescription="carousel" aria-label={`${vehicle.name} photos`} tabIndex={0} onKeyDown={onKey}>
      <div className="gallery-main">
        <img
          src={current.url}
          alt={current.alt || vehicle.name}
          width={840}
          height={480}
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(PLACEHOLDER)) event.currentTarget.src = PLACEHOLDER;
          }}
        />
        <button type="button" className="gallery-nav gallery-prev" aria-label="Previous photo" onClick={() => go(index - 1)}>
          ‹
        </button>
        <button type="button" className="gallery-nav gallery-next" aria-label="Next photo" onClick={() => go(index + 1)}>
          ›
        </button>
        <span className="gallery-counter" aria-live="polite">
          {index + 1} / {count}
        </span>
      </div>
      <ul className="gallery-thumbs">
        {images.map((image, position) => (
          <li key={`${image.url}-${position}`}>
            <button type="button" aria-label={`Photo ${position + 1}`} aria-current={position === index} onClick={() => setIndex(position)}>
              <img src={image.url} alt="" width={120} height={68} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReserveForm({ vehicle }: { vehicle: VehicleDetail }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [state, setState] = useState<{ phase: 'idle' | 'sending' | 'sent' } | { phase: 'failed'; message: string; fields?: Record<string, string> }>({ phase: 'idle' });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ phase: 'sending' });
    const result = await postJson<{ id: string }>(`/api/vehicles/${encodeURIComponent(vehicle.id)}/reservations`, { name, phone });
    if (result.ok) setState({ phase: 'sent' });
    else setState({ phase: 'failed', message: result.error.message, ...(result.error.fields ? { fields: result.error.fields } : {}) });
  };
  if (state.phase === 'sent') {
    return (
      <p className="notice notice-success" role="status">
        Thank you, {name}. Our sales team will call you on {phone} to confirm your reservation.
      </p>
    );
  }
  const fields = state.phase === 'failed' ? state.fields : undefined;
  return (
    <form className="reserve-form" aria-label="Reserve this vehicle" onSubmit={onSubmit} noValidate>
      <label className="field">
        <span>Your name</span>
        <input value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" aria-invalid={fields?.['name'] ? true : undefined} />
        {fields?.['name'] ? <span className="field-error">{fields['name']}</span> : null}
      </label>
      <label className="field">
        <span>Phone number</span>
        <input value={phone} onChange={(event) => setPhone(event.target.value)} type="tel" autoComplete="tel" aria-invalid={fields?.['phone'] ? true : undefined} />
        {fields?.['phone'] ? <span className="field-error">{fields['phone']}</span> : null}
      </label>
      {state.phase === 'failed' && !fields ? (
        <p role="alert" className="field-error">
          {state.message}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={state.phase === 'sending'}>
        {state.phase === 'sending' ? 'Sending...' : 'Reserve Now for ₦5,000,000'}
      </button>
    </form>
  );
}

/** One vehicle, the one the URL names: gallery, price, specs, features, reservation and a WhatsApp chat. */
export function VehiclePage() {
  const { id = '' } = useParams();
  const { currency, format } = useCurrency();
  const [state, setState] = useState<{ phase: 'loading' } | { phase: 'ready'; vehicle: VehicleDetail } | { phase: 'missing' } | { phase: 'failed'; message: string }>({ phase: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getJson<VehicleDetail>(`/api/vehicles/${encodeURIComponent(id)}?currency=${currency}`, controller.signal)
      .then((vehicle) => {
        setState({ phase: 'ready', vehicle });
        track('inventory_vehicle_view', { vehicleId: vehicle.id });
      })
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'AbortError') return;
        if (error instanceof ApiFailure && error.status === 404) setState({ phase: 'missing' });
        else setState({ phase: 'failed', message: error instanceof Error ? error.message : 'Failed to fetch vehicles' });
      });
    return () => controller.abort();
  }, [id, currency]);

  if (state.phase === 'missing') return <NotFoundPage />;
  if (state.phase === 'loading') {
    return (
      <section className="page">
        <p role="status">Loading vehicle...</p>
      </section>
    );
  }
  if (state.phase === 'failed') {
    return (
      <section className="page">
        <p role="alert" className="notice notice-error">
          Error loading vehicle: {state.message}
        </p>
      </section>
    );
  }
  const { vehicle } = state;
  const price = vehicle.displayPrice;
  const low = Math.round(price.amount * 0.97);
  const high = Math.round(price.amount * 1.03);
  const link = `${window.location.origin}/vehicle/${encodeURIComponent(vehicle.id)}`;
  const whatsapp = `https://wa.me/${SALES_WHATSAPP}?text=${encodeURIComponent(`Hello AutoBest, I'm interested in the ${vehicle.year} ${vehicle.name} (${vehicle.subtitle}): ${link}`)}`;

  return (
    <section className="page vehicle-page">
      <Link to="/inventory" className="back-link">
        ← Back to inventory
      </Link>
      <div className="vehicle-layout">
        <Gallery vehicle={vehicle} />
        <div className="vehicle-summary">
          <h1>
            {vehicle.year} {vehicle.name}
          </h1>
          <p className="card-subtitle">{vehicle.subtitle}</p>
          <p className="rating" aria-label={`Rated ${vehicle.rating} out of 5 from ${vehicle.reviewCount} reviews`}>
            ★ {vehicle.rating.toFixed(1)} <span>({vehicle.reviewCount} reviews)</span>
          </p>
          <p className="vehicle-price">{format(price.amount, price.currency as never)}</p>
          <p className="hint">
            Estimated price range: {format(low, price.currency as never)} - {format(high, price.currency as never)}
          </p>
          <ReserveForm vehicle={vehicle} />
          <a className="button button-secondary" href={whatsapp} target="_blank" rel="noreferrer">
            Chat with Sales Team
          </a>
        </div>
      </div>

      <h2>Vehicle information</h2>
      <dl className="spec-grid">
        <dt>Make</dt>
        <dd>{vehicle.brand}</dd>
        <dt>Model</dt>
        <dd>{vehicle.model}</dd>
        <dt>Year</dt>
        <dd>{vehicle.year}</dd>
        <dt>Condition</dt>
        <dd>{vehicle.condition === 'certified' ? 'Certified Pre-Owned' : vehicle.condition === 'used' ? 'Used' : 'New'}</dd>
        <dt>Odometer</dt>
        <dd>{vehicle.odometerKm.toLocaleString('en-NG')} km</dd>
        <dt>Location</dt>
        <dd>
          {vehicle.location.city}, {vehicle.location.country}
        </dd>
        {vehicle.specifications.map((spec) => (
          <div key={spec.name} className="spec-pair">
            <dt>{spec.name}</dt>
            <dd>{spec.value}</dd>
          </div>
        ))}
      </dl>

      {vehicle.featureDetails.length > 0 ? (
        <>
          <h2>Key features</h2>
          <ul className="feature-list">
            {vehicle.featureDetails.map((feature) => (
              <li key={feature.name}>{feature.name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {vehicle.description ? <p>{vehicle.description}</p> : null}

      <aside className="notice">
        <h2>Inspection &amp; Delivery</h2>
        <p>Every vehicle is inspected before handover. We deliver across Nigeria and to our partner cities in Africa; delivery time and cost are confirmed when you reserve.</p>
      </aside>
      <p className="hint">Images do not depict actual vehicles and are illustrative only.</p>
    </section>
  );
}
