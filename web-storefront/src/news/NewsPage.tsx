import { useState } from 'react';
import { useFormat, useT } from '../i18n';
import { NEWS_ARTICLES } from './articles';
import { newsMessages } from './messages';
import { BackLink } from '../ui/BackLink';

/** Automotive news until feed ingestion exists: the same articles the home page shows, filterable by category. */
export function NewsPage() {
  const t = useT(newsMessages);
  const { date, number } = useFormat();
  const [category, setCategory] = useState('All');
  const categories = ['All', ...new Set(NEWS_ARTICLES.map((article) => article.category))];
  const shown = category === 'All' ? NEWS_ARTICLES : NEWS_ARTICLES.filter((article) => article.category === category);
  return (
    <section className="page">
      <BackLink to="/">
        {t('backHome')}
      </BackLink>
      <h1>{t('title')}</h1>
      <div role="group" aria-label={t('filterLabel')} className="tabs">
        {categories.map((name) => (
          <button key={name} type="button" aria-pressed={category === name} className={`tab${category === name ? ' tab-active' : ''}`} onClick={() => setCategory(name)}>
            {name === 'All' ? t('all') : name}
          </button>
        ))}
      </div>
      <ul className="vehicle-grid">
        {shown.map((article) => (
          <li key={article.id} className="card news-article">
            <img src={article.image} alt={article.imageAlt} lang="en" width={320} height={180} loading="lazy" decoding="async" />
            <p className="hint">{article.category}</p>
            <h2 lang="en">{article.title}</h2>
            <p lang="en">{article.excerpt}</p>
            <p className="hint">
              {t('byAuthor', { author: article.author })} · <time dateTime={article.date}>{date(article.date)}</time> · {t('readTime', { minutes: number(article.readTime) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
