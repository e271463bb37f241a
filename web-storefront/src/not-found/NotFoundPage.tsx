import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../i18n';
import { notFoundMessages } from './messages';

export function NotFoundPage() {
  const t = useT(notFoundMessages);
  const [pathname] = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('title')}</h1>
      <Link to="/">{t('returnHome')}</Link>
    </section>
  );
}
