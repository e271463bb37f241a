import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { useFormat, useT } from '../i18n';
import { submissionMessages } from './messages';

interface SubmissionStatusView {
  id: string;
  status: 'pending' | 'reviewed' | 'finalized';
  submittedAt: string;
  lastUpdated: string | null;
  vehicle: { make: string; model: string; year: string };
  offeredValue?: number | null;
  estimatedValue?: number | null;
}

const STATUS_LABEL = { pending: 'statusPending', reviewed: 'statusReviewed', finalized: 'statusFinalized' } as const;
const STATUS_HINT = { pending: 'pendingHint', reviewed: 'reviewedHint', finalized: 'finalizedHint' } as const;

/** The owner's page for one request, opened with the token from their email. */
export function StatusPage({ kind }: { kind: 'sell-car' | 'trade-in' }) {
  const t = useT(submissionMessages);
  const { money, date } = useFormat();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const [state, setState] = useState<{ phase: 'loading' } | { phase: 'found'; view: SubmissionStatusView } | { phase: 'missing' } | { phase: 'failed' }>({
    phase: 'loading',
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetch(`/api/${kind}-submissions/${encodeURIComponent(id)}/status?token=${encodeURIComponent(token)}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (response.status === 404) setState({ phase: 'missing' });
        else if (!response.ok) setState({ phase: 'failed' });
        else setState({ phase: 'found', view: (await response.json()) as SubmissionStatusView });
      })
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'AbortError') setState({ phase: 'failed' });
      });
    return () => controller.abort();
  }, [id, token, kind]);

  const heading = t(kind === 'sell-car' ? 'sellStatusTitle' : 'tradeInStatusTitle');
  const when = (iso: string | null) => (iso ? date(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const shown = token ? state : ({ phase: 'missing' } as const);
  if (shown.phase === 'loading') {
    return (
      <section className="page status-page">
        <h1>{heading}</h1>
        <p role="status">{t('statusLoading')}</p>
      </section>
    );
  }
  if (shown.phase === 'missing' || shown.phase === 'failed') {
    return (
      <section className="page status-page">
        <h1>{shown.phase === 'missing' ? t('statusMissingTitle') : heading}</h1>
        <p>{t(shown.phase === 'missing' ? 'statusMissing' : 'statusFailed')}</p>
        <Link to="/contact">{t('contactUs')}</Link>
      </section>
    );
  }
  const { view } = shown;
  const value = kind === 'sell-car' ? view.offeredValue : view.estimatedValue;
  return (
    <section className="page status-page">
      <h1>{heading}</h1>
      <dl className="status-details">
        <dt>{t('reference')}</dt>
        <dd>{view.id}</dd>
        <dt>{t('status')}</dt>
        <dd>
          <span className={`badge badge-${view.status}`}>{t(STATUS_LABEL[view.status])}</span>
        </dd>
        <dt>{t('vehicle')}</dt>
        <dd>
          {view.vehicle.year} {view.vehicle.make} {view.vehicle.model}
        </dd>
        <dt>{t(kind === 'sell-car' ? 'offeredValue' : 'estimatedValue')}</dt>
        <dd>{value === null || value === undefined ? t('notYetAvailable') : money(value, 'NGN')}</dd>
        <dt>{t('submitted')}</dt>
        <dd>{when(view.submittedAt)}</dd>
        <dt>{t('lastUpdated')}</dt>
        <dd>{when(view.lastUpdated)}</dd>
      </dl>
      <p className="hint">{t(STATUS_HINT[view.status])}</p>
    </section>
  );
}

export const SellCarStatusPage = () => <StatusPage kind="sell-car" />;
export const TradeInStatusPage = () => <StatusPage kind="trade-in" />;
