import { z } from 'zod';
import { eventTypesOf, type Decider } from '../platform/events';
import { AlreadyExists, NotFound } from '../platform/errors';
import { isOneLine } from '../platform/validation';
import type { MessageCode } from '../platform/messages';
import { VIDEO_CATEGORIES } from './categories';
import { PLACEHOLDER_IMAGE } from './article';
import { isHttpUrl } from './newsSource';

const required = (message: MessageCode, max: number) => z.string({ error: message }).trim().min(1, message).max(max, { abort: true }).refine(isOneLine, 'oneLine');

/** A form's cleared field (react-admin sends null or '') takes the default, as a missing one does. */
const blankAsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === null || value === '' ? undefined : value), schema);

/**
 * A thumbnail served by this site: the page shows it before the visitor chooses to play, so nothing is loaded from
 * the video site until then (a visitor on metered data pays only for what they watch).
 */
const isLocalPath = (path: string) => /^\/(?![/\\])\S*$/.test(path);

const isCalendarDate = (value: string) => z.iso.date().safeParse(value).success;

/**
 * A review video as staff enter it. Valid only with title, channel, brand and model; the rest take the spec's defaults
 * (section 5): duration '0:00', views 0, category 'SUV', rating 0 (no star badge), URL '#'; the placeholder thumbnail,
 * and the day it was added as its publish date.
 */
export const ReviewVideoInputSchema = z.object({
  title: required('videoTitleRequired', 200),
  description: blankAsMissing(z.string().trim().max(2000).default('')),
  brand: required('brandRequired', 60),
  model: required('modelRequired', 60),
  category: blankAsMissing(z.enum(VIDEO_CATEGORIES, { error: 'videoCategoryInvalid' }).default('SUV')),
  thumbnail: blankAsMissing(z.string().trim().max(500, { abort: true }).refine(isLocalPath, 'videoThumbnailInvalid').default(PLACEHOLDER_IMAGE)),
  videoUrl: blankAsMissing(
    z
      .string()
      .trim()
      .max(2000, { abort: true })
      .refine((url) => url === '#' || isHttpUrl(url), 'videoUrlInvalid')
      .default('#'),
  ),
  duration: blankAsMissing(z.string().trim().max(8, { message: 'videoDurationInvalid', abort: true }).regex(/^(\d{1,2}:)?[0-5]?\d:[0-5]\d$/, 'videoDurationInvalid').default('0:00')),
  rating: blankAsMissing(z.number({ error: 'videoRatingInvalid' }).min(0, 'videoRatingInvalid').max(5, 'videoRatingInvalid').default(0)),
  views: blankAsMissing(z.int({ error: 'videoViewsInvalid' }).min(0, 'videoViewsInvalid').max(1e13, 'videoViewsInvalid').default(0)),
  channel: required('videoChannelRequired', 100),
  publishDate: blankAsMissing(z.string().refine(isCalendarDate, 'videoPublishDateInvalid').optional()),
});
export type ReviewVideoInput = z.input<typeof ReviewVideoInputSchema>;
export type ValidReviewVideo = z.output<typeof ReviewVideoInputSchema>;
/** A video as recorded: its publish date always set. */
export type ReviewVideo = ValidReviewVideo & { publishDate: string };

const videoFields = {
  title: z.string(),
  description: z.string(),
  brand: z.string(),
  model: z.string(),
  category: z.enum(VIDEO_CATEGORIES),
  thumbnail: z.string(),
  videoUrl: z.string(),
  duration: z.string(),
  rating: z.number(),
  views: z.number(),
  channel: z.string(),
  publishDate: z.string(),
} satisfies Record<keyof ReviewVideo, z.ZodType>;

/** A review video event as stored: the one declaration of the stream's events, which the type and the type names come from. */
export const ReviewVideoEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ReviewVideoAdded'), data: z.object({ videoId: z.string(), video: z.object(videoFields), addedAt: z.string() }) }),
  z.object({ type: z.literal('ReviewVideoChanged'), data: z.object({ videoId: z.string(), changes: z.object(videoFields).partial(), changedAt: z.string() }) }),
  z.object({ type: z.literal('ReviewVideoRemoved'), data: z.object({ videoId: z.string(), removedAt: z.string() }) }),
]);

export type ReviewVideoEvent = z.infer<typeof ReviewVideoEventSchema>;
export type ReviewVideoAdded = Extract<ReviewVideoEvent, { type: 'ReviewVideoAdded' }>;
export type ReviewVideoChanged = Extract<ReviewVideoEvent, { type: 'ReviewVideoChanged' }>;
export type ReviewVideoRemoved = Extract<ReviewVideoEvent, { type: 'ReviewVideoRemoved' }>;

export const REVIEW_VIDEO_EVENT_TYPES = eventTypesOf(ReviewVideoEventSchema);

export const reviewVideoStreamId = (videoId: string) => `review-video-${videoId}`;

export interface ReviewVideoState {
  videoId: string | null;
  video: ReviewVideo | null;
  removed: boolean;
}

export const initialReviewVideoState: ReviewVideoState = { videoId: null, video: null, removed: false };

export function evolveReviewVideo(state: ReviewVideoState, event: ReviewVideoEvent): ReviewVideoState {
  switch (event.type) {
    case 'ReviewVideoAdded':
      return { videoId: event.data.videoId, video: event.data.video, removed: false };
    case 'ReviewVideoChanged':
      return state.video ? { ...state, video: { ...state.video, ...event.data.changes } } : state;
    case 'ReviewVideoRemoved':
      return { ...state, removed: true };
  }
}

export const reviewVideoDecider: Decider<ReviewVideoState, ReviewVideoEvent> = { eventSchema: ReviewVideoEventSchema, initialState: initialReviewVideoState, evolve: evolveReviewVideo };

export type ReviewVideoCommand =
  | { type: 'AddReviewVideo'; videoId: string; video: ValidReviewVideo; now: Date }
  | { type: 'ChangeReviewVideo'; video: ValidReviewVideo; now: Date }
  | { type: 'RemoveReviewVideo'; now: Date };



const VIDEO_FIELDS = Object.keys(videoFields) as Array<keyof ReviewVideo>;

/** Added once; an edit records the fields that changed (an edit without a publish date keeps the recorded one); removed once. */
export function decideReviewVideo(command: ReviewVideoCommand, state: ReviewVideoState): ReviewVideoEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'AddReviewVideo') {
    if (state.videoId !== null) throw new AlreadyExists('review-video', command.videoId);
    const video: ReviewVideo = { ...command.video, publishDate: command.video.publishDate ?? at.slice(0, 10) };
    return [{ type: 'ReviewVideoAdded', data: { videoId: command.videoId, video, addedAt: at } }];
  }
  if (state.videoId === null || state.video === null || state.removed) throw new NotFound('review-video', state.videoId ?? undefined);
  if (command.type === 'RemoveReviewVideo') return [{ type: 'ReviewVideoRemoved', data: { videoId: state.videoId, removedAt: at } }];
  const next: ReviewVideo = { ...command.video, publishDate: command.video.publishDate ?? state.video.publishDate };
  const changes: Record<string, unknown> = {};
  for (const field of VIDEO_FIELDS) if (next[field] !== state.video[field]) changes[field] = next[field];
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ReviewVideoChanged', data: { videoId: state.videoId, changes: changes as Partial<ReviewVideo>, changedAt: at } }];
}

/**
 * The player address for a video, on YouTube's privacy-enhanced domain (no cookies until played), or null when the
 * URL is not a YouTube video the page can embed (then it links to it instead).
 */
export function embedUrlOf(videoUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else id = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
  }
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
