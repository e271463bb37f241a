import type { SyntheticEvent } from 'react';
import type { NewsArticle } from '@autobest/domain/news/contracts';
import { track } from '../analytics/analytics';
import { useFormat, useT } from '../i18n';
import { newsMessages } from './messages';
import { categoryBadgeClass, displayExcerpt, PLACEHOLDER_IMAGE, safeHref } from './news';
import './news.css';

/** A broken article image gives way to the placeholder, once. */
export function showPlaceholderOnError(event: SyntheticEvent<HTMLImageElement>): void {
  const image = event.currentTarget;
  if (new URL(image.src, location.href).pathname !== PLACEHOLDER_IMAGE) image.src = PLACEHOLDER_IMAGE;
}

/**
 * One article: its image, category badge, title linking to the source (a new tab), excerpt, source and date. The
 * article's own words stay in its source's language (`dir="auto"` lays them out right in an Arabic page).
 */
export function ArticleCard({ article, where, layout = 'card' }: { article: NewsArticle; where: string; layout?: 'card' | 'row' }) {
  const t = useT(newsMessages);
  const { date } = useFormat();
  const href = safeHref(article.url);
  const excerpt = displayExcerpt(article.excerpt);
  const onOpen = () => track('user_interaction', { action: 'news_article_open', articleId: article.id, source: article.source, region: article.region, where });
  return (
    <article className={`news-article news-article-${layout}`}>
      <img src={article.image} alt="" width={320} height={180} loading="lazy" decoding="async" onError={showPlaceholderOnError} />
      <div className="news-article-body">
        <span className={categoryBadgeClass(article.category)}>{t(`category:${article.category}`)}</span>
        <h3 dir="auto">
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" onClick={onOpen}>
              {article.title}
              <span className="visually-hidden"> {t('opensNewTab')}</span>
            </a>
          ) : (
            article.title
          )}
        </h3>
        {excerpt ? <p dir="auto">{excerpt}</p> : null}
        <p className="news-meta">
          <span dir="auto">{article.source}</span> · <time dateTime={article.publishDate}>{date(article.publishDate)}</time>
        </p>
      </div>
    </article>
  );
}
