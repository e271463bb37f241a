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
  /** Claimed but not tried: its batch's time to start sends ran out first. It is due again at once, its attempt uncounted. */
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
}

/** Messages a worker claims at once (one statement), and how many of them it sends at a time. */
export const CLAIM_BATCH = 50;
export const SEND_CONCURRENCY = 4;
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
 * machines say. Messages whose turn comes later are released (due again at once, the attempt uncounted) with the
 * results, and the next claim takes them. The messages of a worker that died are due again when its claim ends.
 *
 * What differs per outbox is its table: how a batch is claimed, how one message is sent, how results are written and
 * when the next one falls due.
 */
export abstract class OutboxDelivery<Claimed extends ClaimedMessage> {
  constructor(readonly policy: DeliveryPolicy) {}

  /** Claims up to `limit` due messages for `holdSeconds`, in the order they are to be sent. */
  protected abstract claim(limit: number, holdSeconds: number): Promise<Claimed[]>;
  /** One attempt at one claimed message: what the other side said, nothing written yet. */
  abstract attempt(message: Claimed): Promise<DeliveryOutcome>;
  /** Writes results in one statement. */
  abstract record(outcomes: DeliveryOutcome[]): Promise<void>;
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

  /** Every message due now, batch after batch, then when the next one falls due. */
  async deliverDue(): Promise<DeliveryRun> {
    const outcomes: DeliveryOutcome[] = [];
    for (;;) {
      // Taken before the claim is asked for: the claim is set later, so it lasts at least claimMs past this.
      const startSendsBy = performance.now() + this.startWindowMs;
      const claimed = await this.claimDue(CLAIM_BATCH);
      outcomes.push(...(await this.deliverClaimed(claimed, startSendsBy)));
      if (claimed.length < CLAIM_BATCH) break;
    }
    return { outcomes, nextDueInMs: await this.nextDueInMs() };
  }

  /** Sends the claimed messages SEND_CONCURRENCY at a time; each result is written before its sender takes the next. */
  private async deliverClaimed(claimed: Claimed[], startSendsBy: number): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    const results = new CoalescingWriter<DeliveryOutcome>((batch) => this.record(batch));
    let next = 0;
    const sender = async () => {
      while (next < claimed.length) {
        const message = claimed[next++]!;
        const outcome: DeliveryOutcome = performance.now() < startSendsBy ? await this.attempt(message) : { kind: 'released', id: message.id };
        outcomes.push(outcome);
        await results.write(outcome);
      }
    };
    const senders = await Promise.allSettled(Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, sender));
    const failed = senders.find((settled) => settled.status === 'rejected');
    // A result that could not be written (PostgreSQL away): the claims lapse and the messages are tried again.
    if (failed) throw failed.reason;
    return outcomes;
  }
}

/** The status a result leaves its row in. */
export const resultStatus = (outcome: DeliveryOutcome): 'sent' | 'failed' | 'pending' => (outcome.kind === 'sent' ? 'sent' : outcome.kind === 'failed' ? 'failed' : 'pending');

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
