import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import {
  advanceCheckpoints,
  commandHandler,
  ensureCheckpoint,
  parseStoredEvent,
  postgresEventStore,
  readAllOfTypes,
  readCheckpoint,
  readState,
  type Checkpoint,
  type Db,
  type StoredEvent,
} from '@autobest/db';
import {
  decideSubmission,
  foldSubmission,
  submissionDecider,
  SubmissionEventSchema,
  submissionKindOfStream,
  type EventMetadata,
  type ProcessedPhoto,
  type StoredPhoto,
  type SubmissionCommand,
  type SubmissionEvent,
} from '@autobest/domain';
import { reencodePhoto, submissionFolder, UndecodablePhotoError } from '@autobest/runtime';

/** The processor's name, its checkpoint's. */
export const PHOTO_PROCESSOR = 'photos';
/**
 * The events the processor acts on: a new request's photos to re-encode, a deleted one's files to erase. It passes
 * over every other event, and is woken only when the projector has applied submission events (or by its safety net),
 * so its checkpoint may trail the head of the store by events it has nothing to do for.
 */
export const PHOTO_EVENT_TYPES = ['SellCarSubmitted', 'TradeInSubmitted', 'SubmissionDeleted'] as const;
/** pg_advisory_lock key of the processor ("photos" in ASCII): replicas take turns. */
const LOCK_KEY = 0x70686f746f73;
const METADATA: EventMetadata = { actor: { kind: 'system', name: 'photo processor' }, correlationId: PHOTO_PROCESSOR, causationId: null, requestId: null };

/** Our files for a slot; fixed names, so processing again overwrites instead of adding. */
const processedPhotoNames = (slot: string) => ({ storedName: `${slot}.jpg`, thumbnailName: `${slot}.thumb.jpg` });

export interface PhotoProcessorOptions {
  batchSize?: number;
  /** How many events one read looks through for the processor's own (readAllOfTypes); tests make it small. */
  lookAhead?: number;
  /**
   * Runs after a request's photos were written and before that is recorded. Tests throw here to prove that a
   * crash at that moment is resumed with nothing lost and nothing done twice.
   */
  beforeRecord?: (submissionId: string) => void | Promise<void>;
}

export interface PhotoCatchUp {
  /** Requests whose photos were re-encoded (or found unreadable) in this run. */
  processed: number;
  /** Deleted requests whose files were removed in this run. */
  erased: number;
}

const handleSubmission = commandHandler(submissionDecider);

/**
 * Re-encodes the photos of every new request and erases the files of every deleted one, in event order, from its
 * own checkpoint. The work is CPU and disk, never inside a transaction: a transaction holding an xid that long
 * would hold back pg_snapshot_xmin, and with it every other processor's commit-safe reads. Each step is
 * idempotent, so a batch cut short by a crash is simply done again: files are written whole under fixed names,
 * the decider records each outcome once, and an owner's original is deleted only after its outcome is recorded.
 */
export class PhotoProcessor {
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly uploadsDir: string,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly options: PhotoProcessorOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 100;
  }

  /** Works through every event after the checkpoint; with a signal, stops early (after the request in hand) once it fires. */
  async catchUp(signal?: AbortSignal): Promise<PhotoCatchUp> {
    await ensureCheckpoint(this.db, PHOTO_PROCESSOR);
    // A session lock on one connection (not a transaction): replicas wait for each other instead of decoding
    // the same photos twice, and a process that dies releases it with its connection.
    return this.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${LOCK_KEY})`.execute(connection);
      try {
        const done: PhotoCatchUp = { processed: 0, erased: 0 };
        for (;;) {
          const from = await readCheckpoint(connection, PHOTO_PROCESSOR);
          // Only its own events are read whole; the checkpoint moves past the others between them.
          const { events, through, more } = await readAllOfTypes(connection, from, PHOTO_EVENT_TYPES, this.batchSize, this.options.lookAhead);
          let handled = 0;
          for (const event of events) {
            if (signal?.aborted) break;
            if (event.type === 'SubmissionDeleted') done.erased += await this.erase(connection, event);
            else if (event.type === 'SellCarSubmitted' || event.type === 'TradeInSubmitted') done.processed += await this.process(connection, event);
            handled++;
          }
          // Past the others after its events once it has handled them all; stopped early, to the last one handled.
          const last = events[handled - 1];
          const to: Checkpoint | undefined = handled === events.length ? through : last && { transactionId: last.transactionId, globalPosition: last.globalPosition };
          if (to) await connection.transaction().execute((trx) => advanceCheckpoints(trx, new Map([[PHOTO_PROCESSOR, from]]), to));
          if (signal?.aborted || !more) return done;
        }
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(connection);
      }
    });
  }

  private async process(db: Db, event: StoredEvent): Promise<number> {
    const kind = submissionKindOfStream(event.streamId);
    if (!kind) return 0;
    const submitted = parseStoredEvent(SubmissionEventSchema, event);
    if (submitted.type !== 'SellCarSubmitted' && submitted.type !== 'TradeInSubmitted') return 0;
    const { submissionId, photos } = submitted.data;
    const folder = submissionFolder(this.uploadsDir, kind, submissionId);
    const state = foldSubmission(await this.history(db, event.streamId));
    const due = state.photos === 'received' && !state.deleted;
    if (due) {
      const outcomes: ProcessedPhoto[] = [];
      for (const photo of photos) outcomes.push(await this.reencode(submissionId, folder, photo));
      await this.options.beforeRecord?.(submissionId);
      await this.record(db, event.streamId, { type: 'RecordProcessedPhotos', photos: outcomes, now: new Date() });
    }
    // Only once the outcome is recorded (in this run or an earlier one) may the owner's files go.
    await Promise.all(photos.map((photo) => rm(join(folder, photo.storedName), { force: true })));
    return due ? 1 : 0;
  }

  private async reencode(submissionId: string, folder: string, photo: StoredPhoto): Promise<ProcessedPhoto> {
    const { slot, label } = photo;
    const original = await readFile(join(folder, photo.storedName)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!original) {
      this.logger.warn({ submissionId, slot }, 'photo file not found: do the API and the workers share UPLOADS_DIR?');
      return { slot, label, state: 'unreadable', reason: 'missing' };
    }
    const names = processedPhotoNames(slot);
    try {
      const image = await reencodePhoto(original, { photo: join(folder, names.storedName), thumbnail: join(folder, names.thumbnailName) });
      return { slot, label, state: 'ready', ...names, ...image };
    } catch (error) {
      if (!(error instanceof UndecodablePhotoError)) throw error;
      return { slot, label, state: 'unreadable', reason: 'undecodable' };
    }
  }

  private async erase(db: Db, event: StoredEvent): Promise<number> {
    const kind = submissionKindOfStream(event.streamId);
    if (!kind) return 0;
    const deleted = parseStoredEvent(SubmissionEventSchema, event);
    if (deleted.type !== 'SubmissionDeleted') return 0;
    const { submissionId } = deleted.data;
    if (foldSubmission(await this.history(db, event.streamId)).photos === 'erased') return 0;
    await rm(submissionFolder(this.uploadsDir, kind, submissionId), { recursive: true, force: true });
    await this.record(db, event.streamId, { type: 'RecordPhotosErased', now: new Date() });
    return 1;
  }

  private async history(db: Db, streamId: string): Promise<SubmissionEvent[]> {
    return (await readState(postgresEventStore(db), submissionDecider, streamId)).events;
  }

  /** Decides on the current stream and appends; a staff change in between is read and decided on again. */
  private async record(db: Db, streamId: string, command: SubmissionCommand): Promise<void> {
    await handleSubmission(postgresEventStore(db), streamId, (state) => decideSubmission(command, state), { metadata: METADATA });
  }
}
