import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useFormat, useT } from '../i18n';
import { supportMessages } from './messages';
import type en from './messages/en';
import { matchingTopics } from './topicSearch';
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_HREF, mailtoLink } from './contactDetails';
import '../about/info-page.css';
import './support.css';
import { openTara } from '../assistant/taraStore';

type Key = keyof typeof en;
interface Topic {
  id: string;
  question: Key;
  answer: Key;
  link?: { to: string; label: Key };
}

const RESERVATION_NAIRA = 5_000_000;

const TOPICS: readonly Topic[] = [
  { id: 'buying', question: 'buyingQ', answer: 'buyingA', link: { to: '/inventory', label: 'buyingLink' } },
  { id: 'reserve', question: 'reserveQ', answer: 'reserveA' },
  { id: 'import', question: 'importQ', answer: 'importA', link: { to: '/profile#import', label: 'importLink' } },
  { id: 'finance', question: 'financeQ', answer: 'financeA', link: { to: '/rent-lease', label: 'financeLink' } },
  { id: 'delivery', question: 'deliveryQ', answer: 'deliveryA' },
  { id: 'sell', question: 'sellQ', answer: 'sellA', link: { to: '/sell-car', label: 'sellLink' } },
  { id: 'trade-in', question: 'tradeInQ', answer: 'tradeInA', link: { to: '/trade-in', label: 'tradeInLink' } },
  { id: 'warranty', question: 'warrantyQ', answer: 'warrantyA', link: { to: '/insurance', label: 'warrantyLink' } },
  { id: 'currency', question: 'currencyQ', answer: 'currencyA' },
  { id: 'documents', question: 'documentsQ', answer: 'documentsA' },
  { id: 'service', question: 'serviceQ', answer: 'serviceA', link: { to: '/service#book', label: 'serviceLink' } },
  { id: 'breakdown', question: 'breakdownQ', answer: 'breakdownA', link: { to: '#emergency', label: 'breakdownLink' } },
  { id: 'tara', question: 'taraQ', answer: 'taraA', link: { to: '/car-buyer-companion', label: 'taraLink' } },
];

function TopicLink({ to, children }: { to: string; children: string }) {
  // A link to a section of this page stays a plain fragment link, so the browser scrolls and moves focus there.
  return to.startsWith('#') ? <a href={to}>{children}</a> : <Link to={to}>{children}</Link>;
}

export function SupportPage() {
  const t = useT(supportMessages);
  const { money } = useFormat();
  const [query, setQuery] = useState('');
  const id = useId();

  const topics = useMemo(
    () => TOPICS.map((topic) => ({ ...topic, questionText: t(topic.question), answerText: t(topic.answer, { amount: money(RESERVATION_NAIRA, 'NGN') }) })),
    [t, money],
  );
  const shown = matchingTopics(topics, query, (topic) => `${topic.questionText} ${topic.answerText}`);
  const count = t.plural('topics', shown.length);

  return (
    <section className="page info-page support">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <form role="search" className="support-search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${id}-search`}>{t('searchLabel')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
          aria-controls={`${id}-topics`}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>

      <section aria-labelledby={`${id}-topics-title`}>
        <h2 id={`${id}-topics-title`}>{t('topicsTitle')}</h2>
        <p className="support-count" role="status">
          {count}
        </p>
        {shown.length === 0 ? (
          <div className="empty-state support-empty">
            <p>{t('noMatch', { query: query.trim() })}</p>
            <p>{t('noMatchHint')}</p>
            <button type="button" className="button button-secondary" onClick={() => setQuery('')}>
              {t('clearSearch')}
            </button>
          </div>
        ) : null}
        <ul className="support-topics" id={`${id}-topics`}>
          {shown.map((topic) => (
            <li key={topic.id}>
              <details>
                <summary>{topic.questionText}</summary>
                <p>{topic.answerText}</p>
                {topic.link ? (
                  <p>
                    <TopicLink to={topic.link.to}>{t(topic.link.label)}</TopicLink>
                  </p>
                ) : null}
              </details>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-options`}>
        <h2 id={`${id}-options`}>{t('optionsTitle')}</h2>
        <ul className="contact-methods">
          <li className="card">
            <h3>{t('chatTitle')}</h3>
            <p className="detail">{t('chatDetail')}</p>
            <p className="note">{t('chatNote')}</p>
            <button type="button" className="button button-secondary" onClick={() => openTara({ entry: 'support', handoffFirst: true })}>
              {t('chatAction')}
            </button>
          </li>
          <li className="card">
            <h3>{t('phoneTitle')}</h3>
            <p className="detail" dir="ltr">
              {SUPPORT_PHONE}
            </p>
            <p className="note">{t('phoneHours')}</p>
            <a className="button button-secondary" href={SUPPORT_PHONE_HREF}>
              {t('phoneAction')}
            </a>
          </li>
          <li className="card">
            <h3>{t('emailTitle')}</h3>
            <p className="detail" dir="ltr">
              {SUPPORT_EMAIL}
            </p>
            <p className="note">{t('emailNote')}</p>
            <a className="button button-secondary" href={mailtoLink(SUPPORT_EMAIL, t('emailSubject'))}>
              {t('emailAction')}
            </a>
          </li>
        </ul>
      </section>

      <section id="emergency" className="info-anchor card support-emergency" aria-labelledby={`${id}-emergency`} tabIndex={-1}>
        <h2 id={`${id}-emergency`}>{t('emergencyTitle')}</h2>
        <p>{t('emergencyBody')}</p>
        <a className="button support-emergency-call" href={SUPPORT_PHONE_HREF}>
          {t('emergencyAction')} <span dir="ltr">{SUPPORT_PHONE}</span>
        </a>
        <p className="hint">{t('emergencySafety')}</p>
      </section>
    </section>
  );
}
