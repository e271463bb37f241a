import { useEffect, useRef, useState } from 'react';
import type { ReviewVideoRecord } from '@autobest/domain/news/contracts';
import { track } from '../analytics/analytics';
import { savesData } from '../saveData';
import { useFormat, type Translator } from '../i18n';
import type en from './messages/en';
import { showPlaceholderOnError } from './ArticleCard';
import { categoryBadgeClass, localThumbnail, playerAddress, safeHref, showsBodyType, showsRating } from './news';

/**
 * A review video: our own thumbnail until the visitor presses play, and only then the privacy-enhanced player. Until
 * that press the page has asked nothing of the video site, so a visitor on metered data pays only for what they watch.
 */
export function VideoCard({ video, t }: { video: ReviewVideoRecord; t: Translator<typeof en> }) {
  const { number } = useFormat();
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const player = playerAddress(video.embedUrl);
  const elsewhere = player ? null : safeHref(video.videoUrl);
  useEffect(() => {
    // Keyboard users continue in the player they asked for.
    if (playing) frame.current?.focus();
  }, [playing]);

  // Saving data (savesData), thumbnails wait for the visitor to ask for them; the frame keeps its size meanwhile.
  const [thumbnailsAsked, setThumbnailsAsked] = useState(() => !savesData());
  const thumbnail = thumbnailsAsked ? (
    <img src={localThumbnail(video.thumbnail, location.origin)} alt="" width={320} height={180} loading="lazy" decoding="async" onError={showPlaceholderOnError} />
  ) : (
    <span className="video-thumbnail-withheld" aria-hidden="true" />
  );
  return (
    <article className="video-card">
      <div className="video-frame">
        {playing && player ? (
          <iframe
            ref={frame}
            src={player}
            title={t('playerTitle', { title: video.title })}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
          />
        ) : player ? (
          <button
            type="button"
            className="video-play"
            onClick={() => {
              setPlaying(true);
              track('user_interaction', { action: 'video_play', videoId: video.id, brand: video.brand });
            }}
          >
            {thumbnail}
            <span className="video-play-icon" aria-hidden="true">
              ▶
            </span>
            <span className="visually-hidden">{t('playVideo', { title: video.title })}</span>
          </button>
        ) : (
          <>
            {thumbnail}
            <p className="video-unavailable">{t('videoUnavailable')}</p>
          </>
        )}
        {thumbnailsAsked || playing ? null : (
          <button type="button" className="button button-small video-show-thumbnails" onClick={() => setThumbnailsAsked(true)}>
            {t('showThumbnails')}
          </button>
        )}
        {playing ? null : (
          <span className="video-duration">
            <span aria-hidden="true" dir="ltr">
              {video.duration}
            </span>
            <span className="visually-hidden">{t('durationLabel', { duration: video.duration })}</span>
          </span>
        )}
      </div>
      <div className="video-body">
        <p className="video-badges">
          {showsBodyType(video) ? <span className={categoryBadgeClass(video.category)}>{t(`body:${video.category}`)}</span> : null}
          {showsRating(video) ? (
            <span className="badge news-badge-rating">
              <span aria-hidden="true">★ {number(video.rating, { maximumFractionDigits: 1 })}</span>
              <span className="visually-hidden"> {t('ratingLabel', { rating: number(video.rating, { maximumFractionDigits: 1 }) })}</span>
            </span>
          ) : null}
        </p>
        <h3 dir="auto">{video.title}</h3>
        <p className="news-meta">
          <span dir="auto">{video.channel}</span> · {t.plural('views', video.views, { count: number(video.views, { notation: 'compact' }) })}
        </p>
        {elsewhere ? (
          <p className="news-meta">
            <a href={elsewhere} target="_blank" rel="noopener noreferrer">
              {t('watchElsewhere')}
              <span className="visually-hidden"> {t('opensNewTab')}</span>
            </a>
          </p>
        ) : null}
      </div>
    </article>
  );
}
