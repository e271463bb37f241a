import type { ReactNode } from 'react';

/** A search's answer on a page: how many it found, read out as it changes, then its cards (busy while a newer search loads). */
export function ResultGrid({ count, className = 'vehicle-grid', busy, children }: { count: string; className?: string; busy: boolean; children: ReactNode }) {
  return (
    <>
      <p role="status" className="result-count">
        {count}
      </p>
      <ul className={className} aria-busy={busy}>
        {children}
      </ul>
    </>
  );
}
