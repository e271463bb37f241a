import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="page not-found">
      <h1>404</h1>
      <p className="lead">Oops! Page not found</p>
      <Link to="/">Return to Home</Link>
    </section>
  );
}
