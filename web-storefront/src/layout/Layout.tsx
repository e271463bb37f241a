import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { CurrencySelect, useCurrency } from '../currency/CurrencyContext';
import { PAGE_NAMES } from '@autobest/domain/analytics/pages';
import { track } from '../analytics/analytics';

const CITIES = ['Lagos', 'Abuja', 'Accra', 'Nairobi', 'Johannesburg'];

export function Layout() {
  const { pathname } = useLocation();
  const { notice } = useCurrency();
  useEffect(() => {
    window.scrollTo(0, 0);
    track('page_view', { page: PAGE_NAMES[pathname] ?? pathname });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          AutoBest <span>Africa</span>
        </Link>
        <nav aria-label="Main">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/inventory">Inventory</NavLink>
          <NavLink to="/sell-car">Sell</NavLink>
          <NavLink to="/trade-in">Trade-In</NavLink>
          <NavLink to="/contact">Contact</NavLink>
        </nav>
        <CurrencySelect />
      </header>
      {notice ? (
        <p className="site-notice" role="status">
          {notice}
        </p>
      ) : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>AutoBest Africa: cars for Nigeria and the continent.</p>
        <p className="cities">{CITIES.join(' · ')}</p>
        <p>
          <Link to="/contact">Contact us</Link>
        </p>
      </footer>
    </>
  );
}
