import { Link } from 'wouter';
import type { NewsPage } from '@autobest/domain/news/contracts';
import { track } from '../../analytics/analytics';
import { useSayRequestMessage } from '../../api/domainMessages';
import { ArticleCard } from '../../news/ArticleCard';
import { useApiRead } from '../../news/useNews';
import type { T } from './HomeSections';

/** How many of the newest articles the home page shows. */
const HOME_NEWS_SHOWN = 4;

/** The newest ingested articles, African and global alike, and the way to all of them. */
export function LatestNews({ t }: { t: T }) {
  const { state, retry } = useApiRead<NewsPage>(`/api/news?limit=${HOME_NEWS_SHOWN}`);
  const say = useSayRequestMessage();
  return (
    <>
      {state.phase === 'loading' ? <p role="status">{t('newsLoading')}</p> : null}
      {state.phase === 'failed' ? (
        <>
          <p className="notice notice-error" role="alert">
            {t('newsFailed', { message: say(state.message) })}
          </p>
          <button type="button" className="button button-secondary button-small" onClick={retry}>
            {t('newsRetry')}
          </button>
        </>
      ) : null}
      {state.phase === 'ready' && state.data.items.length === 0 ? <p className="empty-state">{t('newsEmpty')}</p> : null}
      {state.phase === 'ready' && state.data.items.length > 0 ? (
        <ul className="news-cards">
          {state.data.items.slice(0, HOME_NEWS_SHOWN).map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} where="home" />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="home-actions">
        <Link to="/news" className="button button-secondary" onClick={() => track('user_interaction', { action: 'view_all_news' })}>
          {t('viewAllNews')}
        </Link>
      </p>
    </>
  );
}
