import { Link } from 'wouter';
import { useT } from '../i18n';
import { companionMessages } from './messages';
import { whatsappLink } from '../support/contactDetails';
import '../about/info-page.css';
import './companion.css';
import { BackLink } from '../ui/BackLink';

const BENEFITS = [
  ['budgetTitle', 'budgetBody'],
  ['languageTitle', 'languageBody'],
  ['compareTitle', 'compareBody'],
  ['lifeTitle', 'lifeBody'],
  ['inventoryTitle', 'inventoryBody'],
  ['personTitle', 'personBody'],
] as const;

/** The companion's page. The chat itself is not built yet, so the page says so and offers people instead. */
export function CompanionPage() {
  const t = useT(companionMessages);
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

      <section className="card companion-soon" aria-labelledby="companion-soon">
        <h2 id="companion-soon">{t('soonTitle')}</h2>
        <p>{t('soonBody')}</p>
        <p className="info-cta">
          <Link className="button" to="/contact">
            {t('soonContact')}
          </Link>
          <a className="button button-secondary" href={whatsappLink(t('whatsappMessage'))}>
            {t('soonWhatsapp')}
          </a>
        </p>
      </section>

      <section aria-labelledby="companion-benefits">
        <h2 id="companion-benefits">{t('benefitsTitle')}</h2>
        <ul className="companion-benefits">
          {BENEFITS.map(([title, body]) => (
            <li key={title} className="card">
              <h3>{t(title)}</h3>
              <p>{t(body)}</p>
            </li>
          ))}
        </ul>
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
