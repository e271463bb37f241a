import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { appendToStream, type Db } from '@autobest/db';
import {
  decideNewsSource,
  decideReviewVideo,
  initialNewsSourceState,
  initialReviewVideoState,
  NewsSourceInputSchema,
  newsSourceStreamId,
  ReviewVideoInputSchema,
  reviewVideoStreamId,
  type EventMetadata,
  type NewsSourceInput,
  type ReviewVideoInput,
} from '@autobest/domain';

const SEED_ACTOR: EventMetadata = { actor: { kind: 'system', name: 'seed' }, correlationId: 'seed-news', causationId: null, requestId: null };

/**
 * The spec's six African and four global feeds (section 7): real automotive news sites' RSS feeds, chosen for buyers in
 * Nigeria and wider Africa. Staff change them in the console (News sources).
 */
export const SEED_NEWS_SOURCES: readonly NewsSourceInput[] = [
  { name: 'AutoJosh (Nigeria)', url: 'https://autojosh.com/feed/', region: 'african', category: 'Industry News' },
  { name: 'TopAuto (South Africa)', url: 'https://topauto.co.za/feed/', region: 'african', category: 'Industry News' },
  { name: 'CAR magazine (South Africa)', url: 'https://www.carmag.co.za/feed/', region: 'african', category: 'Industry News' },
  { name: 'BusinessTech Motoring (South Africa)', url: 'https://businesstech.co.za/news/motoring/feed/', region: 'african', category: 'Market Analysis' },
  { name: 'The South African: Motoring', url: 'https://www.thesouthafrican.com/motoring/feed/', region: 'african', category: 'Industry News' },
  { name: 'IOL Motoring (South Africa)', url: 'https://iol.co.za/rss/iol/motoring/', region: 'african', category: 'Industry News' },
  { name: 'Car and Driver', url: 'https://www.caranddriver.com/rss/all.xml', region: 'global', category: 'Global Trends' },
  { name: 'Motor1', url: 'https://www.motor1.com/rss/news/all/', region: 'global', category: 'Global Trends' },
  { name: 'Carscoops', url: 'https://www.carscoops.com/feed/', region: 'global', category: 'Global Trends' },
  { name: 'The Drive', url: 'https://www.thedrive.com/feed', region: 'global', category: 'Global Trends' },
];

/** A search on the video site for a review: a real page to open, until staff paste a video's own address (which plays embedded). */
const searchFor = (query: string) => `https://www.youtube.com/results?search_query=${encodeURIComponent(query)}`;

/**
 * The curated list's 10 review videos (spec section 3), for the cars buyers here look at. Thumbnails are the site's own
 * illustrations, so the page loads nothing from the video site before a visitor presses play.
 */
export const SEED_REVIEW_VIDEOS: readonly ReviewVideoInput[] = [
  { title: 'Toyota Land Cruiser 300 review: still the king of Africa?', description: 'On and off road in the 300 Series, with running costs and reliability.', brand: 'Toyota', model: 'Land Cruiser', category: 'SUV', channel: 'Cars.co.za', duration: '18:42', rating: 4.8, views: 1_250_000, publishDate: '2024-10-12', thumbnail: '/vehicles/suv.svg' },
  { title: 'Toyota Hilux long-term test', description: 'A year with the best-selling bakkie: payload, towing and what broke.', brand: 'Toyota', model: 'Hilux', category: 'Truck', channel: 'Cars.co.za', duration: '14:05', rating: 4.6, views: 890_000, publishDate: '2024-09-03', thumbnail: '/vehicles/pickup.svg' },
  { title: 'BYD Atto 3 review: the electric SUV that makes sense', description: 'Range in real driving, charging and the interior that everyone talks about.', brand: 'BYD', model: 'Atto 3', category: 'Electric', channel: 'Carwow', duration: '16:20', rating: 4.5, views: 2_100_000, publishDate: '2024-11-02', thumbnail: '/vehicles/crossover.svg' },
  { title: 'BYD Seal: a Tesla Model 3 rival?', description: 'Performance, efficiency and price of the electric sedan.', brand: 'BYD', model: 'Seal', category: 'Electric', channel: 'Autocar', duration: '12:48', rating: 4.4, views: 760_000, publishDate: '2024-08-21', thumbnail: '/vehicles/sedan.svg' },
  { title: 'Chery Tiggo 8 Pro review: seven seats for less', description: 'Space, comfort and equipment of the family SUV, and how it compares.', brand: 'Chery', model: 'Tiggo 8 Pro', category: 'SUV', channel: 'Cars.co.za', duration: '13:10', rating: 4.2, views: 540_000, publishDate: '2024-10-28', thumbnail: '/vehicles/suv.svg' },
  { title: 'Haval H6 hybrid driven', description: 'Fuel use, the hybrid system and the cabin tech of the mid-size SUV.', brand: 'Haval', model: 'H6', category: 'SUV', channel: 'What Car?', duration: '11:36', rating: 4.1, views: 410_000, publishDate: '2024-07-15', thumbnail: '/vehicles/crossover.svg' },
  { title: 'Kia Sportage review', description: 'Practicality, engines and value of the best-selling Kia.', brand: 'Kia', model: 'Sportage', category: 'SUV', channel: 'Carwow', duration: '15:02', rating: 4.5, views: 3_400_000, publishDate: '2024-06-30', thumbnail: '/vehicles/suv.svg' },
  { title: 'Toyota Corolla hybrid: the sensible choice?', description: 'Economy, comfort and reliability of the hybrid sedan.', brand: 'Toyota', model: 'Corolla', category: 'Sedan', channel: 'Autocar', duration: '10:55', rating: 4.3, views: 980_000, publishDate: '2024-05-18', thumbnail: '/vehicles/sedan.svg' },
  { title: 'Suzuki Swift review: small, cheap, fun', description: 'The city car that sips fuel, tested in town and on the highway.', brand: 'Suzuki', model: 'Swift', category: 'Hatchback', channel: 'What Car?', duration: '9:47', rating: 4.2, views: 620_000, publishDate: '2024-09-25', thumbnail: '/vehicles/hatchback.svg' },
  { title: 'MG ZS EV: the affordable electric SUV', description: 'Is the cheapest electric SUV good enough? Range, charging and build quality.', brand: 'MG', model: 'ZS EV', category: 'Electric', channel: 'Carwow', duration: '14:33', rating: 4, views: 1_700_000, publishDate: '2024-04-09', thumbnail: '/vehicles/crossover.svg' },
].map((video) => ({ ...video, videoUrl: searchFor(`${video.channel} ${video.brand} ${video.model} review`) }));

const anyStream = async (db: Db, prefix: string) =>
  (await sql<{ found: boolean }>`select exists (select 1 from events where stream_id like ${`${prefix}%`}) as found`.execute(db)).rows[0]?.found === true;

/** Adds the spec's news sources, once: a store that ever had one keeps what staff made of them. Answers how many. */
export async function seedNewsSources(db: Db, sources: readonly NewsSourceInput[] = SEED_NEWS_SOURCES): Promise<number> {
  if (await anyStream(db, 'news-source-')) return 0;
  const now = new Date();
  for (const input of sources) {
    const sourceId = randomUUID();
    const events = decideNewsSource({ type: 'AddNewsSource', sourceId, source: NewsSourceInputSchema.parse(input), now }, initialNewsSourceState);
    await appendToStream(db, newsSourceStreamId(sourceId), 0, events, SEED_ACTOR);
  }
  return sources.length;
}

/** Adds the curated review videos, once (staff deletions stay deleted). Answers how many. */
export async function seedReviewVideos(db: Db, videos: readonly ReviewVideoInput[] = SEED_REVIEW_VIDEOS): Promise<number> {
  if (await anyStream(db, 'review-video-')) return 0;
  const now = new Date();
  for (const input of videos) {
    const videoId = randomUUID();
    const events = decideReviewVideo({ type: 'AddReviewVideo', videoId, video: ReviewVideoInputSchema.parse(input), now }, initialReviewVideoState);
    await appendToStream(db, reviewVideoStreamId(videoId), 0, events, SEED_ACTOR);
  }
  return videos.length;
}
