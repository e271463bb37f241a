import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { track } from '../analytics/analytics';
import { COMPANION_PATH } from '../pages';

/**
 * A call to action that the spec sends to the Car Buyer Companion ('Start Conversation', 'Get Started Today', 'Start
 * AI Guidance'): a link to its page, recorded with the place it was followed from.
 */
export function CompanionLink({ where, className = 'button', onFollow, children }: { where: string; className?: string; onFollow?: () => void; children: ReactNode }) {
  return (
    <Link
      to={COMPANION_PATH}
      className={className}
      onClick={() => {
        track('user_interaction', { action: 'companion_open', where });
        onFollow?.();
      }}
    >
      {children}
    </Link>
  );
}
