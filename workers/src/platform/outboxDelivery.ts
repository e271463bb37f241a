import { sql, type RawBuilder, type Transaction } from 'kysely';
import { withPlannerSettings, type Database, type Db } from '@autobest/db';
import type { OutboxTable } from '@autobest/runtime';

export interface DeliveryPolicy {
  /** Attempts at one message before it is failed. */
  maxAttempts: number;
  /** The wait after the first failed attempt; each next one waits twice as long. */
  retryDelayMs: number;
  /**
   * The longest one send can take (every timeout of the transport at once). A claim holds its messages this long plus
   * the window in which their sends may start: no other worker sends them before then, and only a worker that died
   * lets them wait that long.
   */
  claimMs: number;
}

/** What one attempt at one claimed message came to; `id` is its outbox row. */
export type DeliveryOutcome =
  /** `receipt`: the id the other side gave the message, when it gives one (WhatsApp's wamid). */
  | { kind: 'sent'; id: string; attempts: number; receipt?: string }
  | { kind: 'retry'; id: string; attempts: number; delayMs: number; error: string; code?: number }
  | { kind: 'failed'; id: string; attempts: number; error: string; code?: number }
  /**
   * Claimed but not tried: its batch's time to start sends ran out first, or the process is stopping. It is due again
   * as it was, its attempt uncounted.
   */
  | { kind: 'released'; id: string };

export interface DeliveryRun {
  outcomes: DeliveryOutcome[];
  /** How long until the next pending message falls due (0 when one is due now); null when none is pending. */
  nextDueInMs: number | null;
}

/** A message a worker holds: attempts already counts the one it is about to make. */
export interface ClaimedMessage {
  id: string;
  attempts: number;
  /** The claim's end as PostgreSQL wrote it (`claimed_until::text`, to the microsecond): a result is written only while it is ours. */
  claimed_until: string;
  /** When it fell due (`due_at::text`): a message released untried goes back to its place in the line. */
  due_at: string;
}

/** A result and the claimed message it is about. */
export interface DeliveryResult<Claimed extends ClaimedMessage> {
  outcome: DeliveryOutcome;
  message: Claimed;
}

/** Messages a worker claims at once (one statement), and how many of them it sends at a time. */
export const CLAIM_BATCH = 50;
export const SEND_CONCURRENCY = 4;
/** Batches one run sends at most; a longer backlog is the next run's (the worker rings for it), so a stop waits little. */
const BATCHES_PER_RUN = 20;
/** How long after a claim its sends may start (at most; `claimMs` if shorter); later ones wait for the next claim. */
const START_WINDOW_MS = 10_000;

/**
 * Sends the messages of an outbox table (emails, WhatsApp messages) in batches and records each attempt in
 * PostgreSQL, with as few statements as the guarantees allow. A batch of due messages is claimed in one statement
 * (attempts counted, claimed_until set; SKIP LOCKED, so two workers never claim the same one) that commits before
 * anything is sent. Four are sent at a time, and each result is written as soon as it is known, in one statement
 * with the results that came in while the previous write was under way; a sender takes its next message only once
 * the last one's result is written. So no transaction stays open while the other side takes its time, and a message
 * goes out twice only when a worker stops between the other side's acceptance and that write: at most four at once.
 *
 * A claim holds its messages for `claimMs` (the longest one send can take) plus a window for starting sends (10 s,
 * or `claimMs` if shorter), and a send starts only within that window after the claim was asked for, so every send
 * ends before the claim does and no other worker can take the message meanwhile, whatever the clocks of the two
 * machines say. Messages whose turn comes later are released (due again when they were before, the attempt uncounted)
 * with the results, and the next claim takes them. Any result but a send is written only while the claim is still the
 * worker's own (claimed_until unchanged), so a worker frozen past its claim leaves the next holder alone. The messages of a worker that died are due again when its claim ends.
 *
 * What differs per outbox is its table: how a batch is claimed, how one message is sent, how results are written and
 * when the next one falls due.
 */
export abstract class OutboxDelivery<Claimed extends ClaimedMessage> {
  constructor(readonly policy: DeliveryPolicy) {}

  /**
   * Claims up to `limit` due messages for `holdSeconds`, in the order they are to be sent, each with its
   * `claimed_until::text` and the `due_at::text` it had before the claim.
   */
  protected abstract claim(limit: number, holdSeconds: number): Promise<Claimed[]>;
  /** One attempt at one claimed message: what the other side said, nothing written yet. */
  abstract attempt(message: Claimed): Promise<DeliveryOutcome>;
  /**
   * Writes results (sorted by id) in one statement. A sent message is sent whatever happened meanwhile; any other
   * result only touches a message still pending under this claim (`claimed_until` as claimed), and a released one is
   * due again at its `due_at`.
   */
  protected abstract record(results: DeliveryResult<Claimed>[]): Promise<void>;
  /** When the next pending message can be claimed (0: now), null when none is pending. */
  protected abstract nextDueInMs(): Promise<number | null>;

  private get startWindowMs(): number {
    return Math.min(this.policy.claimMs, START_WINDOW_MS);
  }

  /** The wait before attempt `attempts + 1`: doubling from retryDelayMs, less up to a fifth so a backlog spreads out. */
  retryDelay(attempts: number): number {
    return Math.round(this.policy.retryDelayMs * 2 ** (attempts - 1) * (1 - Math.random() * 0.2));
  }

  /** Claims up to `limit` due messages, held for the longest send plus the window to start it. */
  claimDue(limit: number): Promise<Claimed[]> {
    return this.claim(limit, (this.policy.claimMs + this.startWindowMs) / 1000);
  }

  private stopping = false;

  /** The run under way starts no more sends (it releases what it holds and ends); for a process that stops. */
  stop(): void {
    this.stopping = true;
  }

  /**
   * The messages due now, batch after batch (at most BATCHES_PER_RUN), then when the next one falls due. A batch in
   * which nothing could be tried (its claim came back after its window closed) ends the run, so a slow database cannot
   * make it claim and release over and over.
   */
  async deliverDue(): Promise<DeliveryRun> {
    const outcomes: DeliveryOutcome[] = [];
    for (let batch = 0; batch < BATCHES_PER_RUN && !this.stopping; batch++) {
      // Taken before the claim is asked for: the claim is set later, so it lasts at least claimMs past this.
      const startSendsBy = performance.now() + this.startWindowMs;
      const claimed = await this.claimDue(CLAIM_BATCH);
      const results = await this.deliverClaimed(claimed, startSendsBy);
      outcomes.push(...results);
      if (claimed.length < CLAIM_BATCH || results.every((outcome) => outcome.kind === 'released')) break;
    }
    return { outcomes, nextDueInMs: await this.nextDueInMs() };
  }

  /**
   * Sends claimed messages SEND_CONCURRENCY at a time, starting none after `startSendsBy` (performance.now()) or once
   * stopping; each result is written before its sender takes the next.
   */
  async deliverClaimed(claimed: Claimed[], startSendsBy: number): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    // In the order of their ids, as every writer of several outbox rows should lock them.
    const results = new CoalescingWriter<DeliveryResult<Claimed>>((batch) => this.record([...batch].sort((a, b) => (a.message.id < b.message.id ? -1 : 1))));
    let next = 0;
    const sender = async () => {
      while (next < claimed.length) {
        const message = claimed[next++]!;
        const mayStart = performance.now() < startSendsBy && !this.stopping;
        const outcome: DeliveryOutcome = mayStart ? await this.attempt(message) : { kind: 'released', id: message.id };
        outcomes.push(outcome);
        await results.write({ outcome, message });
      }
    };
    const senders = await Promise.allSettled(Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, sender));
    const failed = senders.find((settled) => settled.status === 'rejected');
    // A result that could not be written (PostgreSQL away): the claims lapse and the messages are tried again.
    if (failed) throw failed.reason;
    return outcomes;
  }
}

/**
 * Runs `run` (a claim) in a transaction in which PostgreSQL does not answer a query with a bitmap scan, so a claim
 * reads the due line from its front, in the order of `<table>_due`, and stops at its batch. The planner chooses by its
 * statistics, and they are least true when a claim matters most: a new installation has none yet, and on a quiet day
 * autovacuum finds nearly every row sent. Expecting a few due rows, it read every due row with a bitmap scan and sorted
 * them to take the first 50, so a backlog cost each claim in proportion to its length: in bench:events (a fresh
 * database) a claim cost 9-67 ms as the backlog grew to 17,000 (auto_explain). Sending a backlog of 20,000 with no
 * statistics, the first tenth of the claims cost 39 ms each with the bitmap scan and 10 ms without (7 ms after).
 * The one other statement a claim runs, finding its rows again by key, is an index scan either way.
 */
export const inClaimPlan = <T>(db: Db, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> => withPlannerSettings(db, { enable_bitmapscan: 'off' }, run);

/** Claims due rows of an outbox table (claimStatement), read from the front of the due line (inClaimPlan). */
export const claimRows = async <Claimed extends ClaimedMessage>(db: Db, claim: RawBuilder<Claimed>): Promise<Claimed[]> =>
  (await inClaimPlan(db, (trx) => claim.execute(trx))).rows;

/** The status a result leaves its row in. */
const resultStatus = (outcome: DeliveryOutcome): 'sent' | 'failed' | 'pending' => (outcome.kind === 'sent' ? 'sent' : outcome.kind === 'failed' ? 'failed' : 'pending');

/**
 * The claim of up to `limit` due messages of an outbox table (attempts counted, held for `holdSeconds`; SKIP LOCKED),
 * oldest due first, and those due at the same moment in the order of the events that caused them: a notifier writes a
 * batch of events' messages in one transaction, all due at its now(), and a request's confirmation goes before the
 * news that it was reviewed. (Ordered by the due time alone, ties came in whatever order PostgreSQL read them: after
 * updates freed space in the table, not the order they were written.) Each row carries its event's place (0040), and
 * the partial index `<table>_due` holds due rows in this order, so a claim reads its rows from the front of the index
 * (joined with `events` to sort, it handled every due row). The front is also where the entries of rows just claimed or
 * sent stay until a scan finds them dead to every transaction and marks them: under a steady flow that is what a claim
 * costs (3-4 ms in bench:events). Starting a run's later claims behind its last row was tried: the entries it passed
 * over piled up for the next run's first claim (25 ms each), and claims cost twice as much in all. Returns `columns`
 * (id, template and attempts among them), then the claim's end and the due time as text, in that order. `also` narrows
 * which due rows may go. Run it with claimRows, which keeps PostgreSQL on that index whatever its statistics say.
 */
export function claimStatement<Claimed extends ClaimedMessage>(table: OutboxTable, columns: readonly string[], limit: number, holdSeconds: number, also: RawBuilder<unknown> = sql`true`) {
  const rows = sql.table(table);
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const order = sql`${column('next_attempt_at')}, ${column('event_transaction_id')}, ${column('event_global_position')}, ${column('template')}`;
  return sql<Claimed>`
    with due as (
      select ${column('id')}, ${column('next_attempt_at')} as due_at
      from ${rows}
      where ${column('status')} = 'pending' and ${column('next_attempt_at')} <= now()
        and (${column('claimed_until')} is null or ${column('claimed_until')} <= now())
        and ${also}
      order by ${order}
      limit ${limit}
      for update skip locked
    ), claimed as (
      update ${rows}
      set attempts = ${column('attempts')} + 1,
          claimed_until = now() + make_interval(secs => ${holdSeconds}),
          next_attempt_at = now() + make_interval(secs => ${holdSeconds})
      -- The ids as an array too: the rows are found by their key, where a join alone let the planner read the table.
      from due where ${column('id')} = due.id and ${column('id')} = any(array(select due.id from due))
      returning ${sql.join(columns.map(column))}, ${column('claimed_until')}, due.due_at, ${column('event_transaction_id')}, ${column('event_global_position')}
    )
    select ${sql.join(columns.map((name) => sql.ref(name)))}, claimed_until::text as claimed_until, due_at::text as due_at
    from claimed order by claimed.due_at, event_transaction_id, event_global_position, template`;
}

/**
 * What every outbox's result write shares, for `update <table> set ... from ${rows} where <table>.id = result.id and
 * ${mayWrite}`: the results as rows `result(id, status, error, delay_seconds, uncounted, claimed_until, due_at, ...extra)`
 * (`extra`: the outbox's own columns, an array each, in the results' order); `nextAttemptAt`, none once sent or failed,
 * a released message at the due_at it had, a retry after its delay; and `mayWrite`, a send always, any other result
 * only over a message still pending under this claim.
 */
export function resultWrite<Claimed extends ClaimedMessage>(
  table: OutboxTable,
  results: DeliveryResult<Claimed>[],
  extra: Record<string, RawBuilder<unknown>> = {},
) {
  const column = <T>(pick: (result: DeliveryResult<Claimed>) => T) => results.map(pick);
  const columns = [
    sql`${column(({ message }) => message.id)}::uuid[]`,
    sql`${column(({ outcome }) => resultStatus(outcome))}::text[]`,
    sql`${column(({ outcome }) => ('error' in outcome ? outcome.error : null))}::text[]`,
    sql`${column(({ outcome }) => (outcome.kind === 'retry' ? outcome.delayMs / 1000 : 0))}::float8[]`,
    sql`${column(({ outcome }) => (outcome.kind === 'released' ? 1 : 0))}::int[]`,
    sql`${column(({ message }) => message.claimed_until)}::timestamptz[]`,
    sql`${column(({ message }) => message.due_at)}::timestamptz[]`,
    ...Object.values(extra),
  ];
  const names = ['id', 'status', 'error', 'delay_seconds', 'uncounted', 'claimed_until', 'due_at', ...Object.keys(extra)];
  return {
    rows: sql`unnest(${sql.join(columns)}) as result(${sql.join(names.map((name) => sql.raw(name)))})`,
    nextAttemptAt: sql`case
      when result.status <> 'pending' then null
      when result.uncounted = 1 then result.due_at
      else now() + make_interval(secs => result.delay_seconds) end`,
    mayWrite: sql`(result.status = 'sent' or (${sql.ref(`${table}.status`)} = 'pending' and ${sql.ref(`${table}.claimed_until`)} = result.claimed_until))`,
  };
}

/**
 * Writes what it is given in batches: a write made while none is under way starts at once, and writes made meanwhile
 * go together in the next (with those made in the turn after it). Each write() resolves once its item is written, or rejects with the batch's error.
 */
class CoalescingWriter<T> {
  private waiting: { item: T; done: (error?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly writeAll: (items: T[]) => Promise<void>) {}

  write(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      let failure: unknown;
      try {
        await this.writeAll(batch.map(({ item }) => item));
      } catch (error) {
        failure = error ?? new Error('writing the results failed');
      }
      for (const { done } of batch) done(failure);
      // The writers just let go take their next item first (an instant transport answers within the same turn),
      // so the next write carries theirs too instead of one at a time.
      await new Promise((next) => setImmediate(next));
    }
    this.writing = false;
  }
}
