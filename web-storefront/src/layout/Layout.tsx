import { Component, lazy, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { CurrencySelect, useCurrency } from '../currency/CurrencyContext';
import { PAGE_NAMES } from '@autobest/domain/analytics/pages';
import { track } from '../analytics/analytics';
import { LanguageSelect, useT } from '../i18n';
import { layoutMessages } from './messages';
import './layout.css';
import type layoutEn from './messages/en';
import { useRates } from '../currency/useRates';
import { siteNotices } from './siteNotices';
import { TaraLauncher } from '../assistant/TaraLauncher';
import { useSavedAnswers } from '../offline/savedAnswers';

// Only drawn when the page shows copies the service worker kept; its chunk is in the worker's precache.
const OfflineNote = lazy(() => import('../offline/OfflineNote'));

const CITIES = ['Lagos', 'Abuja', 'Accra', 'Nairobi', 'Johannesburg'];

type LayoutKey = keyof typeof layoutEn;
/** Every informational and service page, grouped; /careers and /investors open their sections of /about. */
const FOOTER_GROUPS: ReadonlyArray<readonly [LayoutKey, ReadonlyArray<readonly [string, LayoutKey]>]> = [
  ['footerCompany', [['/about', 'linkAbout'], ['/profile', 'linkProfile'], ['/careers', 'linkCareers'], ['/investors', 'linkInvestors'], ['/news', 'linkNews']]],
  ['footerBuy', [['/inventory', 'inventory'], ['/brands', 'linkBrands'], ['/on-sale', 'linkOnSale'], ['/sell-car', 'linkSellCar'], ['/trade-in', 'linkTradeIn'], ['/rent-lease', 'linkRentLease']]],
  ['footerHelp', [['/services', 'linkServices'], ['/service', 'linkService'], ['/insurance', 'linkInsurance'], ['/support', 'linkSupport'], ['/contact', 'contactUs'], ['/privacy', 'linkPrivacy'], ['/terms', 'linkTerms']]],
];

function NavLink({ to, children }: { to: string; children: ReactNode }) {
  const [location] = useLocation();
  const active = location === to;
  return (
    <Link to={to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** Opens a redirect's or a link's #fragment once the lazily loaded page has drawn it; else starts at the top. */
function useScrollOnNavigate(pathname: string): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) {
      window.scrollTo(0, 0);
      return;
    }
    let tries = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(id);
      if (target || ++tries > 50) {
        window.clearInterval(timer);
        target?.scrollIntoView();
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [pathname]);
}

function PageLoading() {
  const t = useT(layoutMessages);
  return (
    <p className="page-loading" role="status">
      {t('loadingPage')}
    </p>
  );
}

/** A page chunk that fails to download (a dropped 2G connection) gets a retry, not a blank screen. */
class PageErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function PageFailed() {
  const t = useT(layoutMessages);
  return (
    <section className="page">
      <p className="notice notice-error" role="alert">
        {t('pageFailed')}
      </p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('retry')}
      </button>
    </section>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const { notice } = useCurrency();
  const rates = useRates();
  const t = useT(layoutMessages);
  const savedAt = useSavedAnswers(pathname);
  useScrollOnNavigate(pathname);
  useEffect(() => {
    track('page_view', { page: PAGE_NAMES[pathname] ?? pathname });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          AutoBest <span>{t('brandTagline')}</span>
        </Link>
        <nav aria-label={t('mainNavigation')}>
          <NavLink to="/">{t('home')}</NavLink>
          <NavLink to="/inventory">{t('inventory')}</NavLink>
          <NavLink to="/sell-car">{t('sell')}</NavLink>
          <NavLink to="/trade-in">{t('tradeIn')}</NavLink>
          <NavLink to="/contact">{t('contact')}</NavLink>
        </nav>
        <div className="header-selects">
          <LanguageSelect label={t('language')} />
          <CurrencySelect label={t('currency')} />
        </div>
      </header>
      <SiteNotices
        notices={siteNotices(notice, rates).map(({ key, quiet }) => ({ key, quiet, text: t(key) }))}
        dismissLabel={t('dismiss')}
        pathname={pathname}
      />
      {savedAt === null ? null : (
        <Suspense fallback={null}>
          <OfflineNote savedAt={savedAt} />
        </Suspense>
      )}
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary resetKey={pathname} fallback={<PageFailed />}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </PageErrorBoundary>
      </main>
      <footer className="site-footer">
        <p>{t('footerAbout')}</p>
        <div className="footer-groups">
          {FOOTER_GROUPS.map(([heading, links]) => (
            <nav key={heading} aria-label={t(heading)}>
              <h2>{t(heading)}</h2>
              <ul>
                {links.map(([to, label]) => (
                  <li key={to}>
                    <Link to={to}>{t(label)}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <section aria-label={t('footerCities')}>
            <h2>{t('footerCities')}</h2>
            <ul className="cities">
              {CITIES.map((city) => (
                <li key={city}>{city}</li>
              ))}
            </ul>
          </section>
        </div>
        <p className="footer-staff">
          {/* The console is its own app at /admin, so a full page load rather than an in-app link. */}
          <a href="/admin">{t('linkStaff')}</a>
        </p>
      </footer>
      <TaraLauncher label={t('taraLauncher')} />
    </>
  );
}

const SEEN_NOTICES_KEY = 'site_notices_seen';

function seenNotices(): ReadonlySet<string> {
  try {
    return new Set<string>(JSON.parse(sessionStorage.getItem(SEEN_NOTICES_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function markSeen(keys: readonly string[]): void {
  try {
    sessionStorage.setItem(SEEN_NOTICES_KEY, JSON.stringify([...new Set([...seenNotices(), ...keys])]));
  } catch {
    // Private mode: the notice may come back on the next page load.
  }
}

/**
 * The spec's messages about location and rates (and the quiet note about reference rates): a small strip along the bottom edge beside the Tara launcher's corner
 * (they arrive after the page has drawn, so they must not push it down), each shown once per visit: until dismissed or
 * until the visitor moves to another page, and not again on a later page load of the same visit (sessionStorage).
 */
function SiteNotices({ notices, dismissLabel, pathname }: { notices: ReadonlyArray<{ key: string; quiet: boolean; text: string }>; dismissLabel: string; pathname: string }) {
  // Seen in an earlier page load of this visit: not shown again.
  const [seenBefore] = useState(seenNotices);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  // Moving to another page puts away the notices shown so far (React's "adjust state on a prop change" pattern).
  const [page, setPage] = useState(pathname);
  if (page !== pathname) {
    setPage(pathname);
    setDismissed(new Set([...dismissed, ...notices.map((notice) => notice.key)]));
  }
  const shown = notices.filter((notice) => !seenBefore.has(notice.key) && !dismissed.has(notice.key));
  const keys = shown.map((notice) => notice.key).join(' ');
  useEffect(() => {
    if (keys) markSeen(keys.split(' '));
  }, [keys]);
  return (
    <div className="site-notices" role="status">
      {shown.map((notice) => (
        <p key={notice.key} className={notice.quiet ? 'site-notice site-notice-quiet' : 'site-notice'}>
          <span>{notice.text}</span>
          <button type="button" className="site-notice-dismiss" aria-label={dismissLabel} onClick={() => setDismissed((current) => new Set(current).add(notice.key))}>
            ×
          </button>
        </p>
      ))}
    </div>
  );
}
