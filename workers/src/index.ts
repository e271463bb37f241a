export { startWorkers, createLogger, newsSettings, type RunningWorkers, type StartWorkersOptions } from './runtime';
export { refreshRates, startRatesWorker } from './rates/ratesWorker';
export { fetchRates, RatesUnavailable } from './rates/fetchRates';
export { PhotoProcessor, type PhotoCatchUp, type PhotoProcessorOptions } from './photos/photoProcessor';
export { readSource, articleIdOf, retryDelayMs, type NewsReaderSettings, type ReadOutcome } from './news/ingest';
export { readAllFeeds, scheduleNewsFeeds, startNewsWorker, type NewsSettings } from './news/newsWorker';
export { fetchFeed, FeedUnavailable, MAX_FEED_BYTES } from './news/feedHttp';
export { decodeFeed, readFeedEntries } from './news/feedReader';
