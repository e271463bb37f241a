import { useEffect } from 'react';
import { Link } from 'wouter';
import { useT } from '../../i18n';
import { companionMessages } from './messages';
import { openTara } from '../taraStore';
import '../../about/info-page.css';
import './companion.css';
import { BackLink } from '../../ui/BackLink';
import { CardList } from '../../ui/CardList';

const BENEFITS = [
  ['budgetTitle', 'budgetBody'],
  ['languageTitle', 'languageBody'],
  ['compareTitle', 'compareBody'],
  ['lifeTitle', 'lifeBody'],
  ['inventoryTitle', 'inventoryBody'],
  ['personTitle', 'personBody'],
] as const;

/** The companion's page (spec 001): back link, hero, the six benefits, the call to action, and Tara's chat opened on arrival. */
export function CompanionPage() {
  const t = useT(companionMessages);
  // The spec draws this page with the chat widget open; closing it leaves the page to read, the button reopens it.
  useEffect(() => openTara({ entry: 'companion' }), []);
  return (
    <article className="page info-page companion">
      <BackLink to="/">
        <span className="back-arrow" aria-hidden="true">
          ←
        </span>{' '}
        {t('back')}
      </BackLink>

      <header className="companion-hero">
        <span className="companion-avatar" aria-hidden="true">
          T
        </span>
        <div>
          <p className="companion-eyebrow">{t('eyebrow')}</p>
          <h1>{t('title')}</h1>
          <p className="lead">{t('lead')}</p>
        </div>
      </header>

      <section className="card companion-chat" aria-labelledby="companion-chat">
        <h2 id="companion-chat">{t('chatTitle')}</h2>
        <p>{t('chatBody')}</p>
        <p className="info-cta">
          <button type="button" className="button" onClick={() => openTara({ entry: 'companion' })}>
            {t('chatAction')}
          </button>
        </p>
      </section>

      <section aria-labelledby="companion-benefits">
        <h2 id="companion-benefits">{t('benefitsTitle')}</h2>
        <CardList className="companion-benefits" cards={BENEFITS.map(([title, body]) => [t(title), t(body)] as const)} />
      </section>

      <section className="cta companion-cta" aria-labelledby="companion-cta">
        <h2 id="companion-cta">{t('ctaTitle')}</h2>
        <p>{t('ctaBody')}</p>
        <Link className="button" to="/buy-cars">
          {t('ctaAction')}
        </Link>
      </section>
    </article>
  );
}
