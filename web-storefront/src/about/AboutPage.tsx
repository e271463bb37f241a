import { Link } from 'wouter';
import { useT } from '../i18n';
import { Figures } from './figures/Figures';
import { aboutMessages } from './messages';
import { CAREERS_EMAIL, INVESTORS_EMAIL, mailtoLink } from '../support/contactDetails';
import './info-page.css';
import './about.css';
import { CardList } from '../ui/CardList';

const VALUES = [
  ['honestTitle', 'honestBody'],
  ['inspectedTitle', 'inspectedBody'],
  ['localTitle', 'localBody'],
  ['afterTitle', 'afterBody'],
] as const;

const OFFICES = ['lagos', 'abuja', 'accra', 'nairobi', 'johannesburg'] as const;

export function AboutPage() {
  const t = useT(aboutMessages);
  return (
    <article className="page info-page about">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <section aria-labelledby="about-who">
        <h2 id="about-who">{t('whoTitle')}</h2>
        <p>{t('whoBody1')}</p>
        <p>{t('whoBody2')}</p>
      </section>

      <section aria-labelledby="about-figures">
        <h2 id="about-figures">{t('figuresTitle')}</h2>
        <Figures label={t('figuresTitle')} names={['years', 'sold', 'customers', 'satisfaction', 'countries', 'cities', 'vehicles', 'partners', 'containers']} />
      </section>

      <section aria-labelledby="about-values">
        <h2 id="about-values">{t('valuesTitle')}</h2>
        <CardList className="about-values" cards={VALUES.map(([title, body]) => [t(title), t(body)] as const)} />
      </section>

      <section aria-labelledby="about-offices">
        <h2 id="about-offices">{t('officesTitle')}</h2>
        <ul className="about-offices">
          {OFFICES.map((office) => (
            <li key={office}>{t(office)}</li>
          ))}
        </ul>
        <p>{t('officesNote')}</p>
      </section>

      <section id="careers" className="info-anchor card" aria-labelledby="about-careers" tabIndex={-1}>
        <h2 id="about-careers">{t('careersTitle')}</h2>
        <p>{t('careersBody')}</p>
        <p>
          {t('careersHow')}{' '}
          <a href={mailtoLink(CAREERS_EMAIL, t('careersSubject'))} dir="ltr">
            {CAREERS_EMAIL}
          </a>
        </p>
        <p className="hint">{t('careersReply')}</p>
        <a className="button" href={mailtoLink(CAREERS_EMAIL, t('careersSubject'))}>
          {t('careersAction')}
        </a>
      </section>

      <section id="investors" className="info-anchor card" aria-labelledby="about-investors" tabIndex={-1}>
        <h2 id="about-investors">{t('investorsTitle')}</h2>
        <p>{t('investorsBody')}</p>
        <p>
          {t('investorsHow')}{' '}
          <a href={mailtoLink(INVESTORS_EMAIL, t('investorsSubject'))} dir="ltr">
            {INVESTORS_EMAIL}
          </a>
        </p>
        <a className="button" href={mailtoLink(INVESTORS_EMAIL, t('investorsSubject'))}>
          {t('investorsAction')}
        </a>
      </section>

      <nav aria-labelledby="about-more">
        <h2 id="about-more">{t('moreTitle')}</h2>
        <ul className="about-more">
          <li>
            <Link to="/profile">{t('moreProfile')}</Link>
          </li>
          <li>
            <Link to="/services">{t('moreServices')}</Link>
          </li>
          <li>
            <Link to="/contact">{t('moreContact')}</Link>
          </li>
        </ul>
      </nav>
    </article>
  );
}
