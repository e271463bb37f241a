import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';

export function NotFoundPage() {
  const [pathname] = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Oops! Page not found</h1>
      <Link to="/">Return to Home</Link>
    </section>
  );
}
