export { startWorkers, createLogger, newsSettings, type RunningWorkers, type StartWorkersOptions } from './runtime';
export { FALLBACK_IN_USE, refreshRates, startRatesWorker, RATES_SCHEDULER, type RatesRefresh } from './rates/ratesWorker';
export { fetchRates, RatesUnavailable } from './rates/fetchRates';
export { PhotoProcessor, PHOTO_EVENT_TYPES, PHOTO_PROCESSOR, type PhotoCatchUp, type PhotoProcessorOptions } from './photos/photoProcessor';
export { readSource, retryDelayMs, type NewsReaderSettings } from './news/ingest';
export { readAllFeeds, startNewsWorker } from './news/newsWorker';
export { fetchFeed } from './news/feedHttp';
export { FeedParsers } from './news/feedParsers';
export { createNotifier } from './emails/notifier';
