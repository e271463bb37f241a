import { Worker } from 'node:worker_threads';
import { FeedUnavailable } from './feedHttp';
import type { FeedParserAnswer } from './feedParserThread';
import type { FeedToParse, ParsedFeed } from './feedParsing';

const THREAD_SCRIPT = new URL('./feedParserThread.mjs', import.meta.url);
/** Feeds parsed at once: a real feed takes milliseconds, so two threads serve a run's readers; a hostile one holds its thread for the budget at most. */
const THREADS = 2;
/** A thread with nothing to parse ends after this (feeds are read every 15 minutes; a thread holds tens of MB). */
const IDLE_MS = 30_000;
/** Loading a thread (tsx, rss-parser, the domain) takes about half a second of CPU; far longer means it is broken. */
const START_TIMEOUT_MS = 60_000;
/**
 * A thread's heap. Without a limit V8 gives each thread the process's default (gigabytes), and a container would be
 * killed before the thread; the worst 2 MB feeds found peak at about 200 MB (a thread loaded with nothing: about 40).
 */
const HEAP_MB = 384;

const firstLineOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);

/** One worker thread that parses one feed at a time, ended when a feed takes longer than its budget. */
class FeedParserThread {
  private readonly worker = new Worker(THREAD_SCRIPT, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  private onAnswer: ((answer: FeedParserAnswer | Error) => void) | undefined;
  private readonly started: Promise<void>;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Ended (over budget, broken, idle or closed): it parses nothing more. */
  ended = false;
  /** Ended by FeedParsers.close(): what it was parsing fails as the workers' stop, not as its feed's fault. */
  closing = false;

  constructor() {
    this.worker.on('message', (answer: FeedParserAnswer) => this.onAnswer?.(answer));
    this.worker.on('error', (error) => {
      // An uncaught error ends a thread; 'exit' follows.
      this.ended = true;
      this.onAnswer?.(error);
    });
    this.worker.on('exit', (code) => {
      this.ended = true;
      this.onAnswer?.(new Error(`A feed parser's thread stopped (exit code ${code})`));
    });
    this.started = this.nextAnswer(START_TIMEOUT_MS, () => new Error(`A feed parser's thread did not start within ${START_TIMEOUT_MS / 1000} s`)).then(() => undefined);
    // Settled by parse(); a thread that fails to start while nobody waits must not be an unhandled rejection.
    this.started.catch(() => undefined);
  }

  /** The thread's next answer; past `limitMs` the thread is ended and the answer is `overLimit()`. */
  private nextAnswer(limitMs: number, overLimit: () => Error): Promise<FeedParserAnswer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.onAnswer = undefined;
        void this.end();
        reject(overLimit());
      }, limitMs);
      this.onAnswer = (answer) => {
        clearTimeout(timer);
        this.onAnswer = undefined;
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      };
    });
  }

  /** The feed's articles; a FeedUnavailable saying why when the feed cannot be read, or takes longer than `budgetMs`. */
  async parse(feed: FeedToParse, budgetMs: number): Promise<ParsedFeed> {
    // The budget is the feed's own: it starts once the thread is loaded, not while it loads or waits for a thread.
    await this.started;
    this.worker.postMessage(feed);
    let answer: FeedParserAnswer;
    try {
      answer = await this.nextAnswer(budgetMs, () => new FeedUnavailable(`Reading the feed took longer than ${budgetMs / 1000} s`));
    } catch (error) {
      if (error instanceof FeedUnavailable || this.closing) throw error;
      // The thread died on this feed (out of memory, or a crash of the parser): the feed's own failure, shown on its
      // source and retried later, like any feed that cannot be read.
      const outOfMemory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      throw new FeedUnavailable(outOfMemory ? `Reading the feed needed more than ${HEAP_MB} MB` : `The feed could not be read: ${firstLineOf(error)}`);
    }
    if ('parsed' in answer) return answer.parsed;
    if ('unavailable' in answer) throw new FeedUnavailable(answer.unavailable);
    // The parser threw on this feed's shape (a field it gave in a form we did not expect): the feed fails alone.
    throw new FeedUnavailable(`The feed could not be read: ${'failed' in answer ? firstLineOf(answer.failed) : 'its parser answered out of turn'}`);
  }

  /** Taken from the idle threads for a feed. */
  wake(): void {
    clearTimeout(this.idleTimer);
    this.worker.ref();
  }

  /** Waits for its next feed without keeping the process alive, and ends after `idleMs`. */
  idle(idleMs: number, onEnd: () => void): void {
    this.worker.unref();
    this.idleTimer = setTimeout(() => {
      onEnd();
      void this.end();
    }, idleMs);
    this.idleTimer.unref();
  }

  async end(): Promise<void> {
    this.ended = true;
    clearTimeout(this.idleTimer);
    await this.worker.terminate();
  }
}

/**
 * Where the workers parse feeds: a few threads of their own, so that a feed whose text is expensive to read (huge,
 * deeply nested, or built against a parser's patterns) costs its own read and no more, while the projector, email
 * delivery and photos go on in the workers' thread. A feed over the budget has its thread ended (terminate() stops
 * even a loop that never yields) and fails with a FeedUnavailable, as any feed that cannot be read does; a new
 * thread takes the next feed. Idle threads end by themselves; close() ends them all.
 */
export class FeedParsers {
  private readonly idleThreads: FeedParserThread[] = [];
  private readonly threads = new Set<FeedParserThread>();
  private readonly waiting: Array<{ resolve: (thread: FeedParserThread) => void; reject: (error: Error) => void }> = [];
  private closed = false;

  constructor(
    /** NEWS_FEED_PARSE_BUDGET_MS */
    readonly budgetMs: number,
  ) {}

  async parse(feed: FeedToParse): Promise<ParsedFeed> {
    const thread = await this.take();
    try {
      return await thread.parse(feed, this.budgetMs);
    } finally {
      this.giveBack(thread);
    }
  }

  /** Threads running now (idle or parsing). */
  get size(): number {
    return this.threads.size;
  }

  private take(): Promise<FeedParserThread> {
    if (this.closed) return Promise.reject(new Error('The feed parsers are closed'));
    for (let idle = this.idleThreads.pop(); idle; idle = this.idleThreads.pop()) {
      if (!idle.ended) {
        idle.wake();
        return Promise.resolve(idle);
      }
      this.threads.delete(idle);
    }
    if (this.threads.size < THREADS) return Promise.resolve(this.newThread());
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private newThread(): FeedParserThread {
    const thread = new FeedParserThread();
    this.threads.add(thread);
    return thread;
  }

  private giveBack(thread: FeedParserThread): void {
    if (thread.ended) {
      this.threads.delete(thread);
      const next = this.waiting.shift();
      if (next) next.resolve(this.newThread());
      return;
    }
    const next = this.waiting.shift();
    if (next) return next.resolve(thread);
    this.idleThreads.push(thread);
    thread.idle(IDLE_MS, () => {
      const at = this.idleThreads.indexOf(thread);
      if (at >= 0) this.idleThreads.splice(at, 1);
      this.threads.delete(thread);
    });
  }

  /** Ends every thread; a parse still running or waiting fails (not as the feed's fault: its source is not marked). */
  async close(): Promise<void> {
    this.closed = true;
    for (const { reject } of this.waiting.splice(0)) reject(new Error('The feed parsers are closed'));
    const threads = [...this.threads];
    this.threads.clear();
    this.idleThreads.length = 0;
    for (const thread of threads) thread.closing = true;
    await Promise.all(threads.map((thread) => thread.end()));
  }
}
