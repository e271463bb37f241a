export { startWorkers, createLogger, type RunningWorkers, type StartWorkersOptions } from './runtime';
export { refreshRates, startRatesWorker, RATES_SCHEDULER } from './rates/ratesWorker';
export { fetchRates, RatesUnavailable } from './rates/fetchRates';
export { PhotoProcessor, type PhotoCatchUp, type PhotoProcessorOptions } from './photos/photoProcessor';
