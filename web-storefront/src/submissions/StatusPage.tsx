import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import type { SubmissionStatusAnswer } from '@autobest/domain/submissions/contracts';
import type { SubmissionKind } from '@autobest/domain/submissions/kinds';
import { useFormat, useT } from '../i18n';
import { submissionMessages } from './messages';
import { formMessages } from '../api/formMessages';
import { slotLabel } from './slotLabel';
import { SUBMISSION_KINDS } from './kinds';
import { stopWhatsAppUpdates, whatsappUpdatesNotice, type WhatsAppStopPhase } from './whatsappStop';

const STATUS_LABEL = { pending: 'statusPending', reviewed: 'statusReviewed', finalized: 'statusFinalized' } as const;
const STATUS_HINT = { pending: 'pendingHint', reviewed: 'reviewedHint', finalized: 'finalizedHint' } as const;

const keptToken = (state: unknown): string | null => {
  const token = (state as { statusToken?: unknown } | null)?.statusToken;
  return typeof token === 'string' ? token : null;
};

/**
 * The token the page was opened with. It then leaves the address bar (where screenshots, copied links, Referer
 * headers and reloads would carry it) for this history entry's state, so reloading and going back still work.
 */
function useStatusToken(): string | null {
  const [search] = useSearchParams();
  const [pathname, navigate] = useLocation();
  const [token] = useState(() => search.get('token') ?? keptToken(window.history.state));
  useEffect(() => {
    if (token && search.has('token')) navigate(pathname, { replace: true, state: { statusToken: token } });
  }, [token, search, pathname, navigate]);
  return token;
}

/** The owner's page for one request, opened with the token from their email. */
export function StatusPage({ kind }: { kind: SubmissionKind }) {
  const { resource, valueField, texts } = SUBMISSION_KINDS[kind];
  const t = useT(submissionMessages);
  const tForm = useT(formMessages);
  const { money, date } = useFormat();
  const { id = '' } = useParams();
  const token = useStatusToken();
  const [stopPhase, setStopPhase] = useState<WhatsAppStopPhase>('idle');
  const [state, setState] = useState<{ phase: 'loading' } | { phase: 'found'; view: SubmissionStatusAnswer } | { phase: 'missing' } | { phase: 'failed' }>({
    phase: 'loading',
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetch(`/api/${resource}/${encodeURIComponent(id)}/status?token=${encodeURIComponent(token)}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (response.status === 404) setState({ phase: 'missing' });
        else if (!response.ok) setState({ phase: 'failed' });
        else setState({ phase: 'found', view: (await response.json()) as SubmissionStatusAnswer });
      })
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'AbortError') setState({ phase: 'failed' });
      });
    return () => controller.abort();
  }, [id, token, resource]);

  const heading = t(texts.statusTitle);
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
  const value = view[valueField];
  const whatsapp = whatsappUpdatesNotice(view.whatsappUpdates, stopPhase);
  const stop = () => {
    if (!token) return;
    setStopPhase('stopping');
    void stopWhatsAppUpdates(resource, view.id, token).then((stopped) => setStopPhase(stopped ? 'stopped' : 'failed'));
  };
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
        <dt>{t(valueField)}</dt>
        <dd>{value === null || value === undefined ? t('notYetAvailable') : money(value, 'NGN')}</dd>
        <dt>{t('submitted')}</dt>
        <dd>{when(view.submittedAt)}</dd>
        <dt>{t('lastUpdated')}</dt>
        <dd>{when(view.lastUpdated)}</dd>
      </dl>
      <p className="hint">{t(STATUS_HINT[view.status])}</p>
      {whatsapp && (
        <div className="notice">
          <p role={stopPhase === 'idle' ? undefined : 'status'}>{t(whatsapp.message)}</p>
          {whatsapp.offerStop && (
            <button type="button" className="button button-secondary" disabled={stopPhase === 'stopping'} onClick={stop}>
              {t('whatsappStop')}
            </button>
          )}
        </div>
      )}
      {view.unreadablePhotos.length > 0 && (
        <div className="notice notice-error" role="alert">
          <p>
            <strong>{tForm('invalidFileTitle')}</strong>
          </p>
          <p>{t('photosUnreadable', { labels: view.unreadablePhotos.map((label) => slotLabel(t, label)).join(tForm('listSeparator')) })}</p>
          <Link to="/contact">{t('contactUs')}</Link>
        </div>
      )}
    </section>
  );
}

export const SellCarStatusPage = () => <StatusPage kind="sell-car" />;
export const TradeInStatusPage = () => <StatusPage kind="trade-in" />;
