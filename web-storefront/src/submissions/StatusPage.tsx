import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';

interface SubmissionStatusView {
  id: string;
  status: 'pending' | 'reviewed' | 'finalized';
  submittedAt: string;
  lastUpdated: string | null;
  vehicle: { make: string; model: string; year: string };
  offeredValue?: number | null;
  estimatedValue?: number | null;
}

const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 2 });
const STATUS_LABEL = { pending: 'Pending', reviewed: 'Reviewed', finalized: 'Finalized' } as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** The owner's page for one request, opened with the token from their email. */
export function StatusPage({ kind }: { kind: 'sell-car' | 'trade-in' }) {
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

  const heading = kind === 'sell-car' ? 'Your sell-car request' : 'Your trade-in request';
  const shown = token ? state : ({ phase: 'missing' } as const);
  if (shown.phase === 'loading') {
    return (
      <section className="page status-page">
        <h1>{heading}</h1>
        <p role="status">Loading your request...</p>
      </section>
    );
  }
  if (shown.phase === 'missing' || shown.phase === 'failed') {
    return (
      <section className="page status-page">
        <h1>{shown.phase === 'missing' ? 'Request not found' : heading}</h1>
        <p>
          {shown.phase === 'missing'
            ? 'This link may be incomplete. Open the full link from your confirmation email, or contact us and we will help.'
            : 'We could not load your request just now. Please try again in a moment.'}
        </p>
        <Link to="/contact">Contact us</Link>
      </section>
    );
  }
  const { view } = shown;
  const value = kind === 'sell-car' ? view.offeredValue : view.estimatedValue;
  return (
    <section className="page status-page">
      <h1>{heading}</h1>
      <dl className="status-details">
        <dt>Reference</dt>
        <dd>{view.id}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge badge-${view.status}`}>{STATUS_LABEL[view.status]}</span>
        </dd>
        <dt>Vehicle</dt>
        <dd>
          {view.vehicle.year} {view.vehicle.make} {view.vehicle.model}
        </dd>
        <dt>{kind === 'sell-car' ? 'Offered value' : 'Estimated value'}</dt>
        <dd>{value === null || value === undefined ? 'Not yet available' : NAIRA.format(value)}</dd>
        <dt>Submitted</dt>
        <dd>{when(view.submittedAt)}</dd>
        <dt>Last updated</dt>
        <dd>{when(view.lastUpdated)}</dd>
      </dl>
      <p className="hint">
        {view.status === 'pending'
          ? 'Our team is reviewing your request and will contact you within 24-48 hours.'
          : view.status === 'reviewed'
            ? 'Please contact us to arrange an in-person inspection of your vehicle.'
            : 'Your offer is final. Please visit our dealership to complete the process.'}
      </p>
    </section>
  );
}

export const SellCarStatusPage = () => <StatusPage kind="sell-car" />;
export const TradeInStatusPage = () => <StatusPage kind="trade-in" />;
