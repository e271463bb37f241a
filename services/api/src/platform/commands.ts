import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { commandHandler, ConcurrencyError, type CommandResult, type Db } from '@autobest/db';
import {
  collectionDecider,
  contactMessageDecider,
  ContactMessageAlreadyReceived,
  EnquiryAlreadyReceived,
  enquiryDecider,
  EnquiryNotFound,
  articleVisibilityDecider,
  newsSourceDecider,
  NewsSourceAlreadyExists,
  NewsSourceNotFound,
  newsTickerDecider,
  reviewVideoDecider,
  ReviewVideoAlreadyExists,
  ReviewVideoNotFound,
  submissionDecider,
  SubmissionAlreadyExists,
  SubmissionNotFound,
  vehicleDecider,
  VehicleNotFound,
  type Decider,
  type DomainEvent,
  type EventMetadata,
} from '@autobest/domain';
import { eventMetadata } from '../plugins/infrastructure';
import { requireStaff } from '../plugins/auth';
import { HttpError, notFound } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, idempotentRequestDigest, releaseIdempotencyKey } from './idempotency';

const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** The one mapping of domain and event-store errors to HTTP answers; the errors plugin applies it to whatever a route throws. */
const HTTP_ERRORS: ReadonlyArray<[new (...args: never[]) => Error, () => HttpError]> = [
  [ConcurrencyError, () => conflict('Someone else changed this record at the same time. Reload and try again.')],
  [SubmissionNotFound, () => notFound('Submission')],
  [VehicleNotFound, () => notFound('Vehicle')],
  [EnquiryNotFound, () => notFound('Enquiry')],
  [SubmissionAlreadyExists, () => conflict('This request was already received')],
  [EnquiryAlreadyReceived, () => conflict('This enquiry was already received')],
  [ContactMessageAlreadyReceived, () => conflict('This message was already received')],
  [NewsSourceNotFound, () => notFound('News source')],
  [NewsSourceAlreadyExists, () => conflict('This news source already exists')],
  [ReviewVideoNotFound, () => notFound('Video')],
  [ReviewVideoAlreadyExists, () => conflict('This video already exists')],
];

export function httpErrorOf(error: unknown): HttpError | undefined {
  const known = HTTP_ERRORS.find(([type]) => error instanceof type);
  return known?.[1]();
}

/** A stream type as the API handles it: its decider, and the read model that shows its writes, when a caller reads its own. */
interface CommandStream<State, Event extends DomainEvent<string, object>> {
  handle: ReturnType<typeof commandHandler<State, Event>>;
  readModel?: { projection: string; shows(db: Db, written: CommandResult<State, Event>): Promise<boolean> };
}

const commandStream = <State, Event extends DomainEvent<string, object>>(
  decider: Decider<State, Event>,
  readModel?: CommandStream<State, Event>['readModel'],
): CommandStream<State, Event> => ({ handle: commandHandler(decider), ...(readModel ? { readModel } : {}) });

/** Whether a read-model row (or its absence) shows a stream at `version`. */
const rowAtVersion = (row: { version: number } | undefined, version: number, whenGone: boolean) => (row ? row.version >= version : whenGone);

export const STREAMS = {
  submission: commandStream(submissionDecider, {
    projection: 'submissions',
    async shows(db, { state, version }) {
      const row = await db.selectFrom('submissions').select('version').where('id', '=', state.submissionId).executeTakeFirst();
      return rowAtVersion(row, version, true);
    },
  }),
  vehicle: commandStream(vehicleDecider, {
    projection: 'vehicles',
    async shows(db, { state, version }) {
      const row = state.vehicle ? await db.selectFrom('vehicles').select('version').where('id', '=', state.vehicle.id).executeTakeFirst() : undefined;
      // A delisted vehicle leaves the read model.
      return rowAtVersion(row, version, state.delisted);
    },
  }),
  enquiry: commandStream(enquiryDecider, {
    projection: 'enquiries',
    async shows(db, { state, version }) {
      const row = state.enquiryId ? await db.selectFrom('enquiries').select('version').where('id', '=', state.enquiryId).executeTakeFirst() : undefined;
      return rowAtVersion(row, version, true);
    },
  }),
  collectedRecord: commandStream(collectionDecider, {
    projection: 'collected-records',
    async shows(db, { state, version }) {
      const row = state.variantId ? await db.selectFrom('collected_records').select('version').where('variant_id', '=', state.variantId).executeTakeFirst() : undefined;
      return rowAtVersion(row, version, false);
    },
  }),
  contactMessage: commandStream(contactMessageDecider),
  newsSource: commandStream(newsSourceDecider, {
    projection: 'news-sources',
    async shows(db, { state, version }) {
      const row = state.sourceId ? await db.selectFrom('news_sources').select('version').where('id', '=', state.sourceId).executeTakeFirst() : undefined;
      return rowAtVersion(row, version, false);
    },
  }),
  reviewVideo: commandStream(reviewVideoDecider, {
    projection: 'review-videos',
    async shows(db, { state, version }) {
      const row = state.videoId ? await db.selectFrom('review_videos').select('version').where('id', '=', state.videoId).executeTakeFirst() : undefined;
      // A removed video leaves the read model.
      return rowAtVersion(row, version, state.removed);
    },
  }),
  /** Hidden or shown: the read model shows the write once its flag matches the stream's. */
  article: commandStream(articleVisibilityDecider, {
    projection: 'article-moderation',
    async shows(db, { events, state }) {
      const articleId = events[0]?.data.articleId;
      if (!articleId) return true;
      const row = await db.selectFrom('news_article_moderation').select('hidden').where('article_id', '=', articleId).executeTakeFirst();
      return (row?.hidden ?? false) === state.hidden;
    },
  }),
  newsTicker: commandStream(newsTickerDecider, {
    projection: 'article-moderation',
    async shows(db, { state }) {
      const row = await db.selectFrom('news_article_moderation').select('article_id').where('featured', '=', true).executeTakeFirst();
      return (row?.article_id ?? null) === state.featuredArticleId;
    },
  }),
};

export interface ApiCommandOptions {
  /** Staff commands are recorded with the staff member; anything else with the visitor. */
  by: 'staff' | 'visitor';
  /** The version the staff member saw: a newer stream answers 409 instead of being decided on again. */
  expectedVersion?: number | undefined;
  /** Wait until the read model shows the write, for a caller that reads the record right after (the console does). */
  readYourWrite?: boolean;
}

function actorOf(request: FastifyRequest, by: ApiCommandOptions['by']): EventMetadata['actor'] {
  if (by === 'visitor') return { kind: 'visitor' };
  const staff = requireStaff(request);
  return { kind: 'staff', staffUserId: staff.id, email: staff.email };
}

/** Runs one command on one stream: the routes only build the command and answer with what it changed. */
export async function handleCommand<State, Event extends DomainEvent<string, object>>(
  app: FastifyInstance,
  request: FastifyRequest,
  stream: CommandStream<State, Event>,
  streamId: string,
  decide: (state: State) => Event[],
  { by, expectedVersion, readYourWrite = false }: ApiCommandOptions,
): Promise<CommandResult<State, Event>> {
  const written = await stream.handle(app.eventStore, streamId, decide, {
    metadata: eventMetadata(request, actorOf(request, by)),
    ...(expectedVersion === undefined ? {} : { expectedVersion }),
  });
  if (readYourWrite) await readYourWrites(app, stream, [written]);
  return written;
}

/** Waits until the stream's read model shows these writes, for a caller that reads them right after (the console does). */
export async function readYourWrites<State, Event extends DomainEvent<string, object>>(
  app: FastifyInstance,
  stream: CommandStream<State, Event>,
  written: ReadonlyArray<CommandResult<State, Event>>,
): Promise<void> {
  const { readModel } = stream;
  const changes = written.filter((result) => result.events.length > 0);
  if (!readModel || changes.length === 0) return;
  await app.readModels.waitFor(readModel.projection, async () => (await Promise.all(changes.map((result) => readModel.shows(app.db, result)))).every(Boolean));
}

export interface IdempotentCreate<Created extends Record<string, unknown>> {
  /** Keys of one scope never answer another's requests. */
  scope: string;
  /** The client's `Idempotency-Key`, if it sent one. */
  key: string | undefined;
  /** What the key is bound to: the same key with other content is refused. */
  content: () => string;
  /** The kept answer, checked when a retry reads it back. */
  answer: z.ZodType<Created>;
}

/**
 * A public create a client may retry with an Idempotency-Key: the first request runs `create` (rate counts included,
 * so a retry of an answered request costs nothing) and keeps its answer; a retry gets that answer again, marked
 * `Idempotent-Replayed`. A failed create frees the key. Answers 201 either way.
 */
export async function createOnce<Created extends Record<string, unknown>>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { scope, key, content, answer }: IdempotentCreate<Created>,
  create: () => Promise<Created>,
): Promise<{ created: Created; replayed: boolean }> {
  reply.code(201);
  if (key) {
    const claim = await claimIdempotencyKey(app.db, scope, key, idempotentRequestDigest(request, content()));
    if (claim.state === 'completed') {
      reply.header('Idempotent-Replayed', 'true');
      return { created: answer.parse(claim.response), replayed: true };
    }
  }
  try {
    const created = await create();
    if (key) await completeIdempotencyKey(app.db, scope, key, created);
    return { created, replayed: false };
  } catch (error) {
    if (key) await releaseIdempotencyKey(app.db, scope, key);
    throw error;
  }
}
