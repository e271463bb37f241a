import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * `children` (lazy parts of a page, with data of their own) once the visitor scrolls or their place comes on screen;
 * `placeholder` (the words of their loading state) until then. Parts far below the fold thus cost nothing to a visit
 * that stays on the first screen (on a 2G phone paying by the megabyte), and any scroll starts them, so they are
 * usually there before they are reached. The placeholder is announced as a loading state (role=status) only once
 * the part is actually loading: before it is seen nothing is under way, and a screen reader is not told otherwise.
 */
export function WhenSeen({ placeholder, children }: { placeholder: string; children: ReactNode }) {
  const [place, setPlace] = useState<HTMLDivElement | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !place) return;
    const show = () => setSeen(true);
    if (typeof IntersectionObserver === 'undefined') return show();
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    });
    observer.observe(place);
    window.addEventListener('scroll', show, { passive: true, once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', show);
    };
  }, [place, seen]);
  if (!seen)
    return (
      <div ref={setPlace}>
        <p>{placeholder}</p>
      </div>
    );
  return <Suspense fallback={<p role="status">{placeholder}</p>}>{children}</Suspense>;
}
