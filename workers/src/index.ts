export { startWorkers, createLogger, type RunningWorkers, type StartWorkersOptions } from './runtime';
export { Projector, UnknownProjectionError, type ProjectorOptions, type CatchUpResult } from './projector/projector';
export type { Projection } from './projector/projection';
export { ProjectorDoorbell, createProjectorQueue, PROJECTOR_QUEUE } from './projector/doorbell';
export { createProducerConnection, createWorkerConnection } from './redis';
export { allProjections } from './projections';
export { statusTokenDigest } from './submissions/submissionsProjection';
export { refreshRates, startRatesWorker, RATES_QUEUE } from './rates/ratesWorker';
export { fetchRates, RatesUnavailable } from './rates/fetchRates';
