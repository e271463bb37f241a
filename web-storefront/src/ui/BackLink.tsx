import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { AnalyticsEventName } from '@autobest/domain/analytics';
import { track } from '../analytics/analytics';

export type BackTarget = '/' | '/buy-cars' | '/inventory';

/** The spec's named events for going back home and to Buy Cars (going back to a search has none). */
const BACK_EVENTS: Partial<Record<BackTarget, AnalyticsEventName>> = { '/': 'navigation_back_to_home', '/buy-cars': 'navigation_back_to_buy_cars' };

/** A page's back link; going back home or to the inventory is recorded as the spec's navigation event. */
export function BackLink({ to, children }: { to: BackTarget; children: ReactNode }) {
  const event = BACK_EVENTS[to];
  const [pathname] = useLocation();
  return (
    <Link to={to} className="back-link" onClick={event ? () => track(event, { from: pathname }) : undefined}>
      {children}
    </Link>
  );
}

/** A page that opens with its back link: `<section className="page …">`, the link, then the page's content. */
export function PageWithBackLink({ to, label, className, children }: { to: BackTarget; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `page ${className}` : 'page'}>
      <BackLink to={to}>{label}</BackLink>
      {children}
    </section>
  );
}
