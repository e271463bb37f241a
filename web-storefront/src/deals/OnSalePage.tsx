import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import type { VehicleDetail } from '@autobest/domain/inventory/contracts';
import { ApiFailure, getJson } from '../inventory/api';
import { DEALS, salePrice, type Deal } from './deals';
import { dealMessages } from './messages';
import './deals.css';
import { PageHeader } from '../ui/PageHeader';
import { VehiclePhoto } from '../inventory/VehiclePhoto';
import { CARD_SIZES } from '../inventory/photoSources';

const EnquiryDialog = lazy(() => import('../enquiries/EnquiryDialog'));

type Loaded = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; deals: Array<{ deal: Deal; vehicle: VehicleDetail }> };

/** 'Vehicles On Sale': this month's deals on real listings, in the visitor's currency, each one an enquiry away. */
export function OnSalePage() {
  const t = useT(dealMessages);
  const { currency, format } = useCurrency();
  const { number } = useFormat();
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  const [chosen, setChosen] = useState<{ deal: Deal; vehicle: VehicleDetail } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.allSettled(DEALS.map((deal) => getJson<VehicleDetail>(`/api/vehicles/${encodeURIComponent(deal.vehicleId)}?currency=${currency}`, controller.signal)))
      .then((results) => {
        if (controller.signal.aborted) return;
        // A deal whose vehicle has been delisted simply drops out; only a total failure is an error.
        const deals = results.flatMap((result, index) => (result.status === 'fulfilled' ? [{ deal: DEALS[index]!, vehicle: result.value }] : []));
        const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected' && !(result.reason instanceof ApiFailure && result.reason.status === 404));
        if (deals.length === 0 && failure) setLoaded({ phase: 'failed', message: failure.reason instanceof Error ? failure.reason.message : 'Failed to fetch vehicles' });
        else setLoaded({ phase: 'ready', deals });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [currency]);

  return (
    <section className="page deals-page">
      <PageHeader back="/" backLabel={t('backHome')} title={t('title')} lead={t('subtitle')} />
      {loaded.phase === 'loading' ? (
        <p role="status">{t('loading')}</p>
      ) : loaded.phase === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {t('failed', { message: loaded.message })}
        </p>
      ) : loaded.deals.length === 0 ? (
        <p className="empty-state">
          {t('empty')} <Link to="/inventory">{t('browse')}</Link>
        </p>
      ) : (
        <ul className="deal-grid">
          {loaded.deals.map(({ deal, vehicle }) => {
            const price = vehicle.displayPrice;
            const image = vehicle.images.find((candidate) => candidate.isPrimary) ?? vehicle.images[0];
            return (
              <li key={deal.vehicleId} className="deal-card">
                <VehiclePhoto url={image?.url} alt={image?.alt ?? vehicle.name} width={420} height={236} sizes={CARD_SIZES} />
                <span className="deal-badge">{t('save', { percent: number(deal.discountPercent / 100, { style: 'percent' }) })}</span>
                <h2>
                  {vehicle.year} {vehicle.name}
                </h2>
                <p className="deal-prices">
                  <s>{t('was', { price: format(price.amount, price.currency as never) })}</s>
                  <strong>{t('now', { price: format(salePrice(price.amount, deal.discountPercent), price.currency as never) })}</strong>
                </p>
                <p className="hint">
                  {t('location', { city: deal.city })} · ★ {t('rating', { rating: number(vehicle.rating, { maximumFractionDigits: 1 }) })}
                </p>
                <p className="deal-actions">
                  <button type="button" className="button" onClick={() => setChosen({ deal, vehicle })} aria-haspopup="dialog">
                    {t('getDeal')}
                  </button>
                  <Link to={`/vehicle/${encodeURIComponent(vehicle.id)}`}>{t('viewVehicle')}</Link>
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <p className="hint">{t('note')}</p>
      {chosen ? (
        <Suspense fallback={null}>
          <EnquiryDialog
            open
            onClose={() => setChosen(null)}
            kind="deal"
            about={chosen.vehicle.id}
            title={t('dialogTitle', { name: `${chosen.vehicle.year} ${chosen.vehicle.name}` })}
            subject={t('dealSubject', { name: chosen.vehicle.name, year: chosen.vehicle.year })}
            details={{
              vehicleId: chosen.vehicle.id,
              discountPercent: chosen.deal.discountPercent,
              currency: chosen.vehicle.displayPrice.currency,
              listPrice: chosen.vehicle.displayPrice.amount,
              salePrice: salePrice(chosen.vehicle.displayPrice.amount, chosen.deal.discountPercent),
            }}
            analyticsAction="deal_enquiry"
          />
        </Suspense>
      ) : null}
    </section>
  );
}
