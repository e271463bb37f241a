import { useId, useState } from 'react';
import { NEWS_FILTER_CATEGORIES, VIDEO_FILTER_CATEGORIES, type NewsFilterCategory, type VideoFilterCategory } from '@autobest/domain/news/categories';
import type { NewsPage, ReviewVideos as ReviewVideosAnswer, TrendingNews } from '@autobest/domain/news/contracts';
import { TOP_REVIEW_CHANNELS } from '@autobest/domain/news/channels';
import { track } from '../analytics/analytics';
import { useSayRequestMessage } from '../api/domainMessages';
import { useT, type Translator } from '../i18n';
import { PageHeader } from '../ui/PageHeader';
import { Dialog } from '../ui/Dialog';
import { ArticleCard } from './ArticleCard';
import { NEWS_FIRST_READS } from './firstReads';
import { newsMessages } from './messages';
import type en from './messages/en';
import { africanNewsQuery, allVideosAddress, latestVideosAddress, safeHref, tickerOf } from './news';
import { useApiRead, useGlobalHeadlines, type ReadState } from './useNews';
import { VideoCard } from './VideoCard';
import './news.css';

type T = Translator<typeof en>;
type FailedKey = 'trendingFailed' | 'africanFailed' | 'globalFailed' | 'videosFailed';

/** While a read is on its way: its loading line; when it failed: why, and a way to try again. Nothing once it is ready. */
function ReadProgress({ state, loading, failed, onRetry, t }: { state: ReadState<unknown>; loading: 'loadingNews' | 'loadingVideos'; failed: FailedKey; onRetry(): void; t: T }) {
  const say = useSayRequestMessage();
  if (state.phase === 'loading') return <p role="status">{t(loading)}</p>;
  if (state.phase === 'failed') {
    return (
      <div className="news-failed">
        <p role="alert" className="notice notice-error">
          {t(failed, { message: say(state.message) })}
        </p>
        <button type="button" className="button button-secondary button-small" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return null;
}

/** 'Trending': the first 3 of the trending articles (the one staff featured first). */
function Ticker({ t }: { t: T }) {
  const { state, retry } = useApiRead<TrendingNews>(NEWS_FIRST_READS.trending);
  const ticker = state.phase === 'ready' ? tickerOf(state.data.items) : [];
  return (
    <section className="news-ticker" aria-labelledby="news-trending-heading">
      <h2 id="news-trending-heading">{t('trending')}</h2>
      <ReadProgress state={state} loading="loadingNews" failed="trendingFailed" onRetry={retry} t={t} />
      {state.phase === 'ready' && ticker.length === 0 ? <p className="news-empty">{t('noTrending')}</p> : null}
      {ticker.length > 0 ? (
        <ol>
          {ticker.map((article) => {
            const href = safeHref(article.url);
            return (
              <li key={article.id} dir="auto">
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer" onClick={() => track('user_interaction', { action: 'news_article_open', articleId: article.id, source: article.source, region: article.region, where: 'trending' })}>
                    {article.title}
                    <span className="visually-hidden"> {t('opensNewTab')}</span>
                  </a>
                ) : (
                  article.title
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}

/** 'African Automotive News': at most 6, only from the spec's seven categories. */
function AfricanNews({ category, t }: { category: NewsFilterCategory; t: T }) {
  const query = africanNewsQuery(category);
  const { state, updating, retry } = useApiRead<NewsPage>(query === null ? null : `/api/news?${query}`);
  const articles = query !== null && state.phase === 'ready' ? state.data.items : [];
  return (
    <section className="news-section" aria-labelledby="news-african-heading">
      <h2 id="news-african-heading">{t('africanTitle')}</h2>
      {query === null ? null : <ReadProgress state={state} loading="loadingNews" failed="africanFailed" onRetry={retry} t={t} />}
      {query === null || (state.phase === 'ready' && articles.length === 0) ? <p className="news-empty">{t('noAfrican')}</p> : null}
      {articles.length > 0 ? (
        <ul className="news-list" aria-busy={updating}>
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} where="african" layout="row" />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** 'Global Automotive Headlines': every global article of the category, a page at a time. */
function GlobalHeadlines({ category, t }: { category: NewsFilterCategory; t: T }) {
  const say = useSayRequestMessage();
  const { first, items, hasMore, moreState, moreFailure, loadMore } = useGlobalHeadlines(category);
  return (
    <section className="news-section" aria-labelledby="news-global-heading">
      <h2 id="news-global-heading">{t('globalTitle')}</h2>
      <ReadProgress state={first.state} loading="loadingNews" failed="globalFailed" onRetry={first.retry} t={t} />
      {first.state.phase === 'ready' && items.length === 0 ? <p className="news-empty">{t('noGlobal')}</p> : null}
      {items.length > 0 ? (
        <ul className="news-grid" aria-busy={first.updating || moreState === 'loading'}>
          {items.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} where="global" />
            </li>
          ))}
        </ul>
      ) : null}
      {moreState === 'loading' ? <p role="status">{t('loadingMore')}</p> : null}
      {moreFailure ? (
        <p role="alert" className="notice notice-error">
          {t('moreFailed', { message: say(moreFailure) })}
        </p>
      ) : null}
      {hasMore && moreState !== 'loading' ? (
        <p className="news-more">
          <button type="button" className="button button-secondary" onClick={loadMore}>
            {t('moreHeadlines')}
          </button>
        </p>
      ) : null}
    </section>
  );
}

function BrandSelect({ brands, brand, onChange, t }: { brands: readonly string[]; brand: string; onChange(brand: string): void; t: T }) {
  const id = useId();
  return (
    <p className="news-filter">
      <label htmlFor={id}>{t('brandFilter')}</label>
      <select id={id} value={brand} onChange={(event) => onChange(event.target.value)}>
        <option value="All">{t('category:All')}</option>
        {brands.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </p>
  );
}

/** The videos of a list, or what the list says when there are none. */
function VideoList({ state, className, t }: { state: ReadState<ReviewVideosAnswer>; className: string; t: T }) {
  if (state.phase !== 'ready') return null;
  if (state.data.items.length === 0) return <p className="news-empty">{t('noVideos')}</p>;
  return (
    <ul className={className}>
      {state.data.items.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} t={t} />
        </li>
      ))}
    </ul>
  );
}

/** 'View All Reviews': every video of the chosen brand, by body type. */
function AllReviews({ brands, brand, onBrand, t }: { brands: readonly string[]; brand: string; onBrand(brand: string): void; t: T }) {
  const [bodyType, setBodyType] = useState<VideoFilterCategory>('All');
  const { state, retry } = useApiRead<ReviewVideosAnswer>(allVideosAddress(brand, bodyType));
  return (
    <>
      <BrandSelect brands={brands} brand={brand} onChange={onBrand} t={t} />
      <div role="group" aria-label={t('bodyTypeFilter')} className="tabs">
        {VIDEO_FILTER_CATEGORIES.map((name) => (
          <button key={name} type="button" aria-pressed={bodyType === name} className={`tab${bodyType === name ? ' tab-active' : ''}`} onClick={() => setBodyType(name)}>
            {t(`body:${name}`)}
          </button>
        ))}
      </div>
      <ReadProgress state={state} loading="loadingVideos" failed="videosFailed" onRetry={retry} t={t} />
      <VideoList state={state} className="video-grid" t={t} />
    </>
  );
}

/** The curated list's 11 top review channels (spec 001 §3), beside the news under the videos. */
export function TopChannels({ t }: { t: T }) {
  return (
    <aside className="news-channels" aria-labelledby="news-channels-heading">
      <h2 id="news-channels-heading">{t('topChannels')}</h2>
      <ol>
        {TOP_REVIEW_CHANNELS.map((channel) => (
          <li key={channel}>{channel}</li>
        ))}
      </ol>
    </aside>
  );
}

/** 'Car Review Videos': the API's latest 6 of the chosen brand (its brands fill the filter); 'View All Reviews' opens every one. */
function ReviewVideos({ t }: { t: T }) {
  const [brand, setBrand] = useState('All');
  const { state, retry } = useApiRead<ReviewVideosAnswer>(latestVideosAddress(brand));
  const [allOpen, setAllOpen] = useState(false);
  const brands = state.phase === 'ready' ? state.data.brands : [];
  const chooseBrand = (chosen: string) => {
    setBrand(chosen);
    track('user_interaction', { action: 'video_brand_filter', brand: chosen });
  };
  return (
    <aside className="news-videos" aria-labelledby="news-videos-heading">
      <h2 id="news-videos-heading">{t('videosTitle')}</h2>
      <p className="hint">{t('playNotice')}</p>
      <BrandSelect brands={brands} brand={brand} onChange={chooseBrand} t={t} />
      <ReadProgress state={state} loading="loadingVideos" failed="videosFailed" onRetry={retry} t={t} />
      <VideoList state={state} className="video-list" t={t} />
      {state.phase === 'ready' ? (
        <button
          type="button"
          className="button news-all-reviews"
          aria-haspopup="dialog"
          onClick={() => {
            setAllOpen(true);
            track('user_interaction', { action: 'view_all_reviews', brand });
          }}
        >
          {t('viewAllReviews')}
        </button>
      ) : null}
      <Dialog open={allOpen} onClose={() => setAllOpen(false)} title={t('allReviewsTitle')} closeLabel={t('close')} variant="wide">
        {allOpen ? <AllReviews brands={brands} brand={brand} onBrand={chooseBrand} t={t} /> : null}
      </Dialog>
    </aside>
  );
}

/** /news as spec 001 draws it: trending ticker, category bar, African news, global headlines and the review videos. */
export function NewsPage() {
  const t = useT(newsMessages);
  const [category, setCategory] = useState<NewsFilterCategory>('All');
  const choose = (chosen: NewsFilterCategory) => {
    setCategory(chosen);
    track('user_interaction', { action: 'news_category_filter', category: chosen });
  };
  return (
    <section className="page news-page">
      <PageHeader back="/" backLabel={t('backHome')} title={t('title')} />
      <Ticker t={t} />
      <div role="group" aria-label={t('filterLabel')} className="tabs news-categories">
        {NEWS_FILTER_CATEGORIES.map((name) => (
          <button key={name} type="button" aria-pressed={category === name} className={`tab${category === name ? ' tab-active' : ''}`} onClick={() => choose(name)}>
            {t(`category:${name}`)}
          </button>
        ))}
      </div>
      <div className="news-layout">
        <div className="news-main">
          <AfricanNews category={category} t={t} />
          <GlobalHeadlines category={category} t={t} />
        </div>
        <div className="news-side">
          <ReviewVideos t={t} />
          <TopChannels t={t} />
        </div>
      </div>
    </section>
  );
}
