import { lazy, Suspense, useEffect, useReducer, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'wouter';
import { FALLBACK_RATES_SOURCE, formatPlain } from '@autobest/domain/money';
import { useCurrency } from '../currency/CurrencyContext';
import { convertWith, useRates, type RatesState } from '../currency/useRates';
import { track } from '../analytics/analytics';
import { useFormat, useLanguage, useT, type Translate } from '../i18n';
import { directionOf } from '../i18n/languages';
import { carouselReducer, initialCarousel, isPlaying, keyAction, scheduleAutoplay } from './carousel';
import { Dialog } from '../ui/Dialog';
import { usePainted } from '../ui/afterFirstPaint';
import { FEATURED_CARS, type FeaturedCar } from './featured';
import { homeMessages } from './messages';
import type en from './messages/en';
import { CompanionLink } from '../assistant/CompanionLink';

// Everything below the hero loads after the hero has painted, so the first paint needs only the hero's code.
const HomeSections = lazy(async () => ({ default: (await import('./sections/HomeSections')).HomeSections }));

type T = Translate<typeof en>;

const MENU_LINKS = [
  ['/brands', 'menuBrands'],
  ['/onsale', 'menuOnSale'],
  ['/services', 'menuServices'],
  ['/news', 'menuNews'],
  ['/car-buyer-companion', 'menuCompanion'],
  ['/about', 'menuAbout'],
  ['/inventory', 'menuInventory'],
  ['/sell-car', 'menuSell'],
  ['/trade-in', 'menuTradeIn'],
  ['/rent-lease', 'menuRent'],
  ['/contact', 'menuContact'],
] as const;

const reducedMotionQuery = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null);

/** Typing in a field, or a dialog on top, keeps the hero's keys to themselves. */
function ownsKeys(target: EventTarget | null): boolean {
  if (document.querySelector('dialog[open]')) return false;
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable) return false;
  return !['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function HeroPrice({ car, rates, t }: { car: FeaturedCar; rates: RatesState; t: T }) {
  const { currency } = useCurrency();
  const { money } = useFormat();
  const converted = convertWith(rates, car.priceNgn, 'NGN', currency);
  if (rates.phase === 'loading') {
    return (
      <span className="hero-price-placeholder" role="img" aria-label={t('priceLoading')}>
        <span />
      </span>
    );
  }
  return <span className="hero-price-amount">{converted === null ? formatPlain(car.priceNgn, 'NGN') : money(converted, currency)}</span>;
}

function PricingSources({ rates, t }: { rates: RatesState; t: T }) {
  const { date } = useFormat();
  return (
    <ul className="home-list">
      <li>{t('pricingVehicleData')}</li>
      <li>
        {/* The fallback table has no time of its own (the API dates it 1970): it is named, not dated. */}
        {rates.phase === 'ready' && rates.source === FALLBACK_RATES_SOURCE
          ? t('pricingReferenceRates')
          : rates.phase === 'ready'
            ? t('pricingRates', { source: t('pricingServiceSource'), time: date(rates.timestamp, { dateStyle: 'medium', timeStyle: 'short' }) })
            : rates.phase === 'failed'
              ? t('pricingRatesFailed')
              : t('pricingRatesLoading')}
      </li>
      <li>{t('pricingAi')}</li>
    </ul>
  );
}

function Hero({ t, onOpenPricing, onOpenMenu }: { t: T; onOpenPricing(): void; onOpenMenu(): void }) {
  const language = useLanguage();
  const rates = useRates();
  const [state, dispatch] = useReducer(carouselReducer, FEATURED_CARS.length, (count) => initialCarousel(count, reducedMotionQuery()?.matches ?? false));
  const playing = isPlaying(state);

  useEffect(() => scheduleAutoplay(state, () => dispatch({ type: 'tick' })), [state]);
  useEffect(() => {
    const query = reducedMotionQuery();
    if (!query) return;
    const onChange = () => dispatch({ type: 'reducedMotion', prefers: query.matches });
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !ownsKeys(event.target)) return;
      // Space on a focused button or link is that control's own click.
      if (event.key === ' ' && event.target instanceof HTMLElement && event.target.closest('button, a')) return;
      const action = keyAction(event.key, directionOf(language));
      if (!action) return;
      event.preventDefault();
      dispatch(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [language]);

  const onBlur = (event: React.FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: 'focus', inside: false });
  };

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t('heroLabel')}
      onMouseEnter={() => dispatch({ type: 'hover', inside: true })}
      onMouseLeave={() => dispatch({ type: 'hover', inside: false })}
      onFocus={() => dispatch({ type: 'focus', inside: true })}
      onBlur={onBlur}
    >
      <div className="hero-bar">
        <button type="button" className="home-icon-button hero-menu" onClick={onOpenMenu} aria-haspopup="dialog">
          <span aria-hidden="true">☰</span> {t('openMenu')}
        </button>
        <button type="button" className="home-icon-button" onClick={() => dispatch({ type: 'togglePause' })} aria-label={playing || !state.pausedByVisitor ? t('pause') : t('play')}>
          <span aria-hidden="true">{state.pausedByVisitor ? '▶' : '❚❚'}</span>
        </button>
      </div>
      <div className="hero-slides" aria-live={playing ? 'off' : 'polite'}>
        {FEATURED_CARS.map((car, index) => {
          const current = index === state.index;
          return (
            <div
              key={car.id}
              className={`hero-slide${current ? ' hero-slide-current' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slideLabel', { n: index + 1, total: FEATURED_CARS.length })}
              aria-hidden={!current}
              inert={!current}
            >
              <img
                src={car.image}
                alt={`${car.year} ${car.make} ${car.model}${car.subModel ? ` ${car.subModel}` : ''}`}
                width={640}
                height={360}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'sync' : 'async'}
              />
              <div className="hero-copy">
                <p className="hero-year">{car.year}</p>
                <h2 className="hero-title">
                  {car.make} {car.model} {car.subModel ? <span>{car.subModel}</span> : null}
                </h2>
                <dl className="hero-specs">
                  <div>
                    <dt>{t('specEngine')}</dt>
                    <dd>{car.specs.engine}</dd>
                  </div>
                  <div>
                    <dt>{t('specTransmission')}</dt>
                    <dd>{car.specs.transmission}</dd>
                  </div>
                  <div>
                    <dt>{t('specPower')}</dt>
                    <dd>{car.specs.power}</dd>
                  </div>
                  <div>
                    <dt>{t('specDrivetrain')}</dt>
                    <dd>{car.specs.drivetrain}</dd>
                  </div>
                </dl>
                <p className="hero-price">
                  <span className="visually-hidden">{t('priceFrom')}: </span>
                  <HeroPrice car={car} rates={rates} t={t} />
                  <button type="button" className="home-icon-button hero-info" onClick={onOpenPricing} aria-label={t('pricingSources')} aria-haspopup="dialog">
                    i
                  </button>
                </p>
                <p className="hero-actions">
                  <Link to={`/vehicle/${car.id}`} className="button" onClick={() => track('user_interaction', { action: 'hero_view_details', vehicleId: car.id })}>
                    {t('viewDetails')}
                  </Link>
                  <Link to="/inventory" className="button button-secondary">
                    {t('shopInventory')}
                  </Link>
                </p>
              </div>
            </div>
          );
        })}
      </div>
      <div className="hero-controls">
        <button type="button" className="home-icon-button" onClick={() => dispatch({ type: 'previous' })} aria-label={t('previous')}>
          <span aria-hidden="true" className="flip-rtl">‹</span>
        </button>
        <div className="hero-dots">
          {FEATURED_CARS.map((car, index) => (
            <button
              key={car.id}
              type="button"
              className={`hero-dot${index === state.index ? ' hero-dot-current' : ''}`}
              aria-label={t('goToSlide', { n: index + 1 })}
              aria-current={index === state.index ? 'true' : undefined}
              onClick={() => dispatch({ type: 'goTo', index })}
            />
          ))}
        </div>
        <button type="button" className="home-icon-button" onClick={() => dispatch({ type: 'next' })} aria-label={t('next')}>
          <span aria-hidden="true" className="flip-rtl">›</span>
        </button>
      </div>
    </section>
  );
}

/** Home: the featured cars' hero, its menu, pricing and chat dialogs, then the rest of the page. */
export function HomePage() {
  const t = useT(homeMessages);
  const rates = useRates();
  const [dialog, setDialog] = useState<'menu' | 'pricing' | 'chat' | null>(null);
  const [scrolled, setScrolled] = useState(false);
  const painted = usePainted();
  const loadingMore = <p className="page-loading">{t('loadingMore')}</p>;
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 100);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const close = () => setDialog(null);
  const onMenuKey = (event: ReactKeyboardEvent) => event.stopPropagation();

  return (
    <div className={`home${scrolled ? ' home-scrolled' : ''}`} data-scrolled={scrolled}>
      <h1 className="visually-hidden">{t('pageTitle')}</h1>
      <Hero t={t} onOpenMenu={() => setDialog('menu')} onOpenPricing={() => setDialog('pricing')} />

      <Suspense fallback={loadingMore}>{painted ? <HomeSections /> : loadingMore}</Suspense>

      <button type="button" className="chat-fab" onClick={() => { setDialog('chat'); track('user_interaction', { action: 'chat_button_open' }); }} aria-haspopup="dialog">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
        </svg>
        <span className="chat-fab-label">{t('chatOpen')}</span>
      </button>

      <Dialog open={dialog === 'menu'} onClose={close} title={t('menuTitle')} closeLabel={t('closeMenu')} variant="drawer">
        <nav aria-label={t('menuTitle')} onKeyDown={onMenuKey}>
          <ul className="drawer-links">
            {MENU_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to} onClick={close}>
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Dialog>

      <Dialog open={dialog === 'pricing'} onClose={close} title={t('pricingSources')} closeLabel={t('close')}>
        <PricingSources rates={rates} t={t} />
      </Dialog>

      <Dialog open={dialog === 'chat'} onClose={close} title={t('chatTitle')} closeLabel={t('close')}>
        <p>{t('chatIntro')}</p>
        <p>{t('chatCapabilities')}</p>
        <ul className="home-list">
          <li>{t('chatCap1')}</li>
          <li>{t('chatCap2')}</li>
          <li>{t('chatCap3')}</li>
          <li>{t('chatCap4')}</li>
        </ul>
        <p className="home-disclaimer">{t('chatDisclaimer')}</p>
        <p className="hero-actions">
          <CompanionLink where="home_chat_dialog" onFollow={close}>
            {t('chatStart')}
          </CompanionLink>
          <button type="button" className="button button-secondary" onClick={close}>
            {t('close')}
          </button>
        </p>
      </Dialog>
    </div>
  );
}
