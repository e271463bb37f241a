import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * `children` (lazy parts of a page, with data of their own) once the visitor scrolls or their place comes on screen;
 * `placeholder` until then. Parts far below the fold thus cost nothing to a visit that stays on the first screen (on a
 * 2G phone paying by the megabyte), and any scroll starts them, so they are usually there before they are reached.
 */
export function WhenSeen({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
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
  if (!seen) return <div ref={setPlace}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
