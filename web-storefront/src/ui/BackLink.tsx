import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { track } from '../analytics/analytics';

/** The spec's named events for going back to home and to the inventory. */
const BACK_EVENTS = { '/': 'navigation_back_to_home', '/buy-cars': 'navigation_back_to_buy_cars' } as const;

/** A page's back link; going back home or to the inventory is recorded as the spec's navigation event. */
export function BackLink({ to, children }: { to: '/' | '/buy-cars' | '/inventory'; children: ReactNode }) {
  const event = to === '/inventory' ? undefined : BACK_EVENTS[to];
  const [pathname] = useLocation();
  return (
    <Link to={to} className="back-link" onClick={event ? () => track(event, { from: pathname }) : undefined}>
      {children}
    </Link>
  );
}
