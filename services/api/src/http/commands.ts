import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { commandHandler, ConcurrencyError, isConnectionLost, type CommandResult, type Db } from '@autobest/db';
import {
  AlreadyExists,
  collectionDecider,
  contactMessageDecider,
  conversationDecider,
  ConversationMovedOn,
  ConversationTooLong,
  enquiryDecider,
  FollowUpStatusRefused,
  ReservationRequestChanged,
  reservationRequestDecider,
  articleVisibilityDecider,
  newsSourceDecider,
  newsTickerDecider,
  NotFound,
  reviewVideoDecider,
  submissionDecider,
  vehicleDecider,
  type CreatedOnceKind,
  type Decider,
  type DomainEvent,
  type EventMetadata,
  type RecordKind,
} from '@autobest/domain';
import { eventMetadata } from '../plugins/infrastructure';
import { StaffAccountRefused } from '../staff/accounts';
import { staffActor } from '../plugins/auth';
import { HttpError, notFound } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, idempotentRequestDigest, releaseIdempotencyKey } from './idempotency';

/** What a staff command's body carries so that two people acting on the same view get one success and one 409. */
export const expectedVersion = z.int().min(0).optional().describe('The version the staff member saw; a record changed since answers 409');

const conflict = (message: string) => new HttpError(409, 'conflict', message);
const changedMeanwhile = () => conflict('Someone else changed this record at the same time. Reload and try again.');

/** How a 404 names each kind of record ("Video was not found"): the web apps and tests read these words. */
const MISSING_RECORD_NAMES: Record<RecordKind, string> = {
  submission: 'Submission',
  vehicle: 'Vehicle',
  enquiry: 'Enquiry',
  'contact-message': 'Contact message',
  'reservation-request': 'Reservation request',
  'news-source': 'News source',
  'review-video': 'Video',
  conversation: 'Conversation',
};

/** What a 409 says when a create finds its record already there. */
const ALREADY_THERE_MESSAGES: Record<CreatedOnceKind, string> = {
  submission: 'This request was already received',
  enquiry: 'This enquiry was already received',
  'contact-message': 'This message was already received',
  'news-source': 'This news source already exists',
  'review-video': 'This video already exists',
  conversation: 'This conversation was already started',
};

/** A domain error and the HTTP answer it gets. */
const httpError = <E extends Error>(type: new (...args: never[]) => E, answer: (error: E) => HttpError) => ({ type, answer: answer as (error: Error) => HttpError });

/** The one mapping of domain and event-store errors to HTTP answers; the errors plugin applies it to whatever a route throws. */
const HTTP_ERRORS = [
  httpError(ConcurrencyError, changedMeanwhile),
  httpError(ReservationRequestChanged, changedMeanwhile),
  httpError(NotFound, (error) => notFound(MISSING_RECORD_NAMES[error.kind])),
  httpError(AlreadyExists, (error) => conflict(ALREADY_THERE_MESSAGES[error.kind])),
  httpError(FollowUpStatusRefused, (error) => new HttpError(409, 'status_change_refused', error.message, { status: error.refusal })),
  // The buyer sees this message in the chat, in Tara's voice; the storefront translates it by its code.
  httpError(
    ConversationTooLong,
    () => new HttpError(429, 'conversation_too_long', "We've covered a lot together! To go further, let a person from our team help you: leave your name and phone or email."),
  ),
  // Another message of the same conversation changed what Tara understood while this one was answered (the route
  // has already tried it again once): the buyer sends it again.
  httpError(ConversationMovedOn, () => conflict('Tara was answering another message of this conversation. Please send yours again.')),
  httpError(StaffAccountRefused, (error) =>
    new HttpError(error.status, error.status === 400 ? 'validation_failed' : error.status === 404 ? 'not_found' : 'conflict', error.message, error.field ? { [error.field]: error.message } : undefined),
  ),
];

export function httpErrorOf(error: unknown): HttpError | undefined {
  const known = HTTP_ERRORS.find(({ type }) => error instanceof type);
  return known?.answer(error as Error);
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

/** The read-model tables whose rows carry the version of the stream they show. */
type VersionedTable = 'submissions' | 'vehicles' | 'reservation_requests' | 'enquiries' | 'collected_records' | 'contact_messages' | 'news_sources' | 'review_videos' | 'conversations';

/**
 * The usual read model of a stream: one row per stream, keyed by an id of its state, with the stream's version. The
 * write shows once the row has that version, or once it is gone when the state says it leaves the read model.
 */
function versionedRow<State, Event extends DomainEvent<string, object>>(
  projection: string,
  table: VersionedTable,
  idColumn: 'id' | 'variant_id',
  idOf: (state: State) => string | null | undefined,
  whenGone: (state: State) => boolean,
): NonNullable<CommandStream<State, Event>['readModel']> {
  return {
    projection,
    async shows(db, { state, version }) {
      const id = idOf(state);
      const row = id ? await db.selectFrom(table).select('version').where(idColumn, '=', id).executeTakeFirst() : undefined;
      return rowAtVersion(row, version, whenGone(state));
    },
  };
}

export const STREAMS = {
  submission: commandStream(submissionDecider, versionedRow('submissions', 'submissions', 'id', (state) => state.submissionId, () => true)),
  // A delisted vehicle leaves the read model.
  vehicle: commandStream(vehicleDecider, versionedRow('vehicles', 'vehicles', 'id', (state) => state.vehicle?.id, (state) => state.delisted)),
  enquiry: commandStream(enquiryDecider, versionedRow('enquiries', 'enquiries', 'id', (state) => state.enquiryId, () => true)),
  collectedRecord: commandStream(collectionDecider, versionedRow('collected-records', 'collected_records', 'variant_id', (state) => state.variantId, () => false)),
  contactMessage: commandStream(contactMessageDecider, versionedRow('contact-messages', 'contact_messages', 'id', (state) => state.contactMessageId, () => true)),
  /** Reservation requests, each in its own stream; the vehicles projection keeps their rows. */
  reservationRequest: commandStream(reservationRequestDecider, versionedRow('vehicles', 'reservation_requests', 'id', (state) => state.request?.reservationId, () => false)),
  /**
   * Staff follow-ups of the reservation requests earlier versions kept on their vehicle's stream: shown by the
   * request's own row and version.
   */
  vehicleReservationRequest: commandStream(vehicleDecider, {
    projection: 'vehicles',
    async shows(db, { state, events }) {
      const ids = new Set(events.map((event) => ('reservationId' in event.data ? event.data.reservationId : undefined)).filter((id) => id !== undefined));
      for (const id of ids) {
        const row = await db.selectFrom('reservation_requests').select('version').where('id', '=', id).executeTakeFirst();
        if (!rowAtVersion(row, state.requests[id]?.version ?? 0, false)) return false;
      }
      return true;
    },
  }),
  newsSource: commandStream(newsSourceDecider, versionedRow('news-sources', 'news_sources', 'id', (state) => state.sourceId, () => false)),
  // A removed video leaves the read model.
  reviewVideo: commandStream(reviewVideoDecider, versionedRow('review-videos', 'review_videos', 'id', (state) => state.videoId, (state) => state.removed)),
  /** Tara's conversations: the buyer reads their own from the stream; staff follow-ups wait for the read model. */
  conversation: commandStream(conversationDecider, versionedRow('conversations', 'conversations', 'id', (state) => state.conversationId, () => false)),
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

export interface ApiCommandOptions<State = unknown> {
  /** Staff commands are recorded with the staff member; anything else with the visitor. */
  by: 'staff' | 'visitor';
  /** The version the staff member saw: a newer stream answers 409 instead of being decided on again. */
  expectedVersion?: number | undefined;
  /** Wait until the read model shows the write, for a caller that reads the record right after (the console does). */
  readYourWrite?: boolean;
  /** The stream as the route has just read it: decided on without reading it again (a lost race still re-reads). */
  known?: { state: State; version: number } | undefined;
  /** The stream's id was just made at random: decided on as new without reading it (CommandOptions.fresh). */
  fresh?: boolean;
}

function actorOf(request: FastifyRequest, by: ApiCommandOptions['by']): EventMetadata['actor'] {
  return by === 'visitor' ? { kind: 'visitor' } : staffActor(request);
}

/** Runs one command on one stream: the routes only build the command and answer with what it changed. */
export async function handleCommand<State, Event extends DomainEvent<string, object>>(
  app: FastifyInstance,
  request: FastifyRequest,
  stream: CommandStream<State, Event>,
  streamId: string,
  decide: (state: State) => Event[],
  { by, expectedVersion, readYourWrite = false, known, fresh = false }: ApiCommandOptions<State>,
): Promise<CommandResult<State, Event>> {
  const written = await stream.handle(app.eventStore, streamId, decide, {
    metadata: eventMetadata(request, actorOf(request, by)),
    ...(expectedVersion === undefined ? {} : { expectedVersion }),
    ...(known === undefined ? {} : { known }),
    fresh,
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
  let created: Created;
  try {
    created = await create();
  } catch (error) {
    // Freed for the client's retry. Were this write lost with the connection that failed the create, every retry
    // would be answered 409 "still being processed" until the key expired a day later.
    if (key) {
      await onAnotherConnectionIfLost(() => releaseIdempotencyKey(app.db, scope, key)).catch((releaseError: unknown) =>
        request.log.error({ err: releaseError }, 'Idempotency-Key not freed after a failed request: its retries are answered 409 until it expires'),
      );
    }
    throw error;
  }
  // The request is kept whatever happens to this write: a retry then finds the key still running (409), never a
  // second request.
  if (key) {
    await onAnotherConnectionIfLost(() => completeIdempotencyKey(app.db, scope, key, created)).catch((completeError: unknown) =>
      request.log.error({ err: completeError }, 'Idempotency-Key could not keep its answer: its retries are answered 409 until it expires'),
    );
  }
  return { created, replayed: false };
}

/**
 * A small write the client's retries depend on, tried again (up to three times) when it failed only because its
 * connection to PostgreSQL was cut: the pool hands out a new one. Any other failure is thrown at once.
 */
async function onAnotherConnectionIfLost(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      if (attempt >= 3 || !isConnectionLost(error)) throw error;
      await new Promise((pause) => setTimeout(pause, 50 * attempt));
    }
  }
}
