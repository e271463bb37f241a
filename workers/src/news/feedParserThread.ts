import { parentPort } from 'node:worker_threads';
import { FeedUnavailable } from './feedHttp';
import { parseFeed, type FeedToParse } from './feedParsing';

/** What a feed parser's thread answers: once that it is loaded, then one answer per feed it was given. */
export type FeedParserAnswer = { ready: true } | { parsed: Awaited<ReturnType<typeof parseFeed>> } | { unavailable: string } | { failed: string };

const port = parentPort!;
const answer = (message: FeedParserAnswer) => port.postMessage(message);

// One feed at a time: the pool gives a thread its next feed only once it has answered.
port.on('message', (feed: FeedToParse) => {
  parseFeed(feed).then(
    (parsed) => answer({ parsed }),
    (error: unknown) => answer(error instanceof FeedUnavailable ? { unavailable: error.message } : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
answer({ ready: true });
