import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useParams } from 'wouter';
import { postJson } from '../api/client';
import { sendFailureOf, SendFailureAlert, type SendFailure } from '../api/SendFailure';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useLanguage, useT } from '../i18n';
import { directionOf } from '../i18n/languages';
import { NotFoundPage } from '../not-found/NotFoundPage';
import type { VehicleDetail } from '@autobest/domain/inventory/contracts';
import type { ReservationCreated } from '@autobest/domain/inventory/reservationContracts';
import { RESERVATION_DEPOSIT_NGN, salesWhatsappUrl } from '@autobest/domain/inventory/reservation';
import { ApiFailure, failedReadMessage, getJson } from './api';
import { useSayMessage, type ShownMessage } from '../api/domainMessages';
import { CONDITION_MESSAGES, inventoryMessages } from './messages';
import { track } from '../analytics/analytics';
import { PageWithBackLink } from '../ui/BackLink';
import { PriceRange, VehicleRecordRows } from './record/VehicleRecord';
import { VehiclePhoto } from './VehiclePhoto';
import { GALLERY_SIZES } from './photoSources';
import { DraftNotice } from '../offline/draft/DraftNotice';
import { newIdempotencyKey, restoredFields, textDraft } from '../offline/draft/draftFields';
import { useFormDraft } from '../offline/draft/useFormDraft';

// The landed-cost and finance calculators sit below the photos and the summary: their code (and messages) comes once
// the vehicle is shown, not before the page's first paint.
const PriceCalculation = lazy(async () => ({ default: (await import('./PriceCalculation')).PriceCalculation }));
const FinanceCalculator = lazy(async () => ({ default: (await import('./finance/FinanceCalculator')).FinanceCalculator }));

const PLACEHOLDER = '/placeholder.svg';
/** On a vehicle's page, what the API does not find is the vehicle. */
const VEHICLE_MEANING = { not_found: 'vehicleNotFound' } as const;

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

function ReserveForm({ vehicle }: { vehicle: VehicleDetail }) {
  const t = useT(inventoryMessages);
  const { money } = useFormat();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  // Asked, never assumed: off until the buyer ticks it.
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  // Sent with the request, so the acknowledgement email is in the language the buyer reads the site in.
  const language = useLanguage();
  // The amount staff set for this vehicle, else the spec's deposit.
  const quoted = vehicle.displayPricing;
  const reservation = quoted ? money(quoted.reservationAmount, quoted.currency as never) : money(RESERVATION_DEPOSIT_NGN, 'NGN');
  const say = useSayMessage();
  const [state, setState] = useState<
    | { phase: 'idle' | 'sending' | 'sent' }
    | ({ phase: 'failed' } & SendFailure)
  >({ phase: 'idle' });
  // One key per request as typed, kept in its draft: sent again once back online it is the same request.
  const idempotencyKey = useRef(newIdempotencyKey());
  const sending = useRef(false);
  const values = useMemo(() => ({ name, phone, email, whatsappUpdates: whatsappUpdates ? 'yes' : 'no' }), [name, phone, email, whatsappUpdates]);
  const edited = () => {
    idempotencyKey.current = newIdempotencyKey();
  };
  // Kept on the phone as it is typed, per vehicle; sent with no connection, it waits and goes once the connection returns.
  const draft = useFormDraft(
    `reservation/${vehicle.id}`,
    {
      values,
      // Sent, nothing is kept: the thank-you shows the name and phone, the phone forgets them.
      blank: state.phase === 'sent' || (!name && !phone && !email && !whatsappUpdates),
      snapshot: () => textDraft(values, idempotencyKey.current),
      restore: (kept) => {
        const restored = restoredFields({ name: '', phone: '', email: '', whatsappUpdates: 'no' }, kept.values);
        setName(restored.name);
        setPhone(restored.phone);
        setEmail(restored.email);
        setWhatsappUpdates(restored.whatsappUpdates === 'yes');
        idempotencyKey.current = kept.idempotencyKey;
      },
    },
    () => void send(),
  );
  async function send() {
    if (sending.current) return;
    sending.current = true;
    setState({ phase: 'sending' });
    const result = await postJson<ReservationCreated>(
      `/api/vehicles/${encodeURIComponent(vehicle.id)}/reservations`,
      { name, phone, email, language, whatsappUpdates },
      { headers: { 'Idempotency-Key': idempotencyKey.current } },
    ).finally(() => {
      sending.current = false;
    });
    if (draft.waitsAfter(result)) {
      setState({ phase: 'idle' });
      return;
    }
    if (result.ok) {
      // Sent: nothing to keep (the thank-you names the buyer, so the fields stay on screen; the draft goes).
      setState({ phase: 'sent' });
    } else setState({ phase: 'failed', ...sendFailureOf(result, VEHICLE_MEANING) });
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  if (state.phase === 'sent') {
    return (
      <p className="notice notice-success" role="status">
        {t('reserved', { name, phone })}
      </p>
    );
  }
  const fields = state.phase === 'failed' ? state.fields : undefined;
  return (
    <form className="reserve-form" aria-label={t('reserveLabel')} onSubmit={onSubmit} noValidate>
      <DraftNotice online={draft.online} waiting={draft.waiting} sending={state.phase === 'sending'} onSendNow={() => void send()} photos={false} />
      <label className="field">
        <span>{t('yourName')}</span>
        <input value={name} onChange={(event) => {
            setName(event.target.value);
            edited();
          }} autoComplete="name" aria-invalid={fields?.['name'] ? true : undefined} />
        {fields?.['name'] ? <span className="field-error">{say(fields['name'])}</span> : null}
      </label>
      <label className="field">
        <span>{t('phone')}</span>
        <input value={phone} onChange={(event) => {
            setPhone(event.target.value);
            edited();
          }} type="tel" autoComplete="tel" aria-invalid={fields?.['phone'] ? true : undefined} />
        {fields?.['phone'] ? <span className="field-error">{say(fields['phone'])}</span> : null}
      </label>
      <label className="field">
        <span>{t('emailOptional')}</span>
        <input value={email} onChange={(event) => {
            setEmail(event.target.value);
            edited();
          }} type="email" autoComplete="email" aria-invalid={fields?.['email'] ? true : undefined} />
        {fields?.['email'] ? <span className="field-error">{say(fields['email'])}</span> : null}
      </label>
      <label className="checkbox">
        <input type="checkbox" name="whatsappUpdates" checked={whatsappUpdates} onChange={(event) => {
            setWhatsappUpdates(event.target.checked);
            edited();
          }} />
        <span>{t('whatsappUpdates')}</span>
      </label>
      {state.phase === 'failed' && !fields ? <SendFailureAlert failure={state} /> : null}
      <button type="submit" className="button" disabled={state.phase === 'sending'}>
        {state.phase === 'sending' ? t('sending') : t('reserveNow', { price: reservation })}
      </button>
    </form>
  );
}

/** The API sends a condition as a string; anything it does not name is shown as new, as before. */
const conditionMessage = (condition: string) => (condition === 'certified' || condition === 'used' ? CONDITION_MESSAGES[condition] : CONDITION_MESSAGES.new);

/** One vehicle, the one the URL names: gallery, price, specs, features, reservation and a WhatsApp chat. */
export function VehiclePage() {
  const { id = '' } = useParams();
  const t = useT(inventoryMessages);
  const say = useSayMessage();
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
          <ReserveForm vehicle={vehicle} />
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
