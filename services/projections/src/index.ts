export { Projector, UnknownProjectionError, type ProjectorOptions, type CatchUpResult } from './projector/projector';
export type { Projection } from './projector/projection';
export { ProjectorDoorbell, createProjectorQueue, scheduleProjectorSafetyNet, PROJECTOR_QUEUE, type DoorbellLogger } from './projector/doorbell';
export { allProjections } from './projections';
export { createProducerConnection, createWorkerConnection } from './platform/redis';
export { currentRates, RATES_QUEUE, type RatesSnapshot } from './rates/rates';
export { createStatusTokens, type StatusTokens } from './submissions/statusTokens';
export { createPasswordLinkTokens, type PasswordLinkTokens } from './staff/passwordLinks';
export { submissionFolder } from './submissions/submissionFolder';
export { identifyPhoto, PhotoProbe, reencodePhoto, UndecodablePhotoError, type ReencodedPhoto } from './photos/photoCodec';
export {
  VEHICLE_FACETS,
  FACET_COLUMNS,
  TOTAL,
  facetValuesIn,
  keptFilterOf,
  type FacetColumn,
  type FacetValue,
  type VehicleFacet,
} from './inventory/vehicleFacets';
export { QUEUES, ALL_QUEUE_NAMES, type QueueName } from './platform/queues';
export { NOTIFIER, EMAIL_DELAY_WARNING_MINUTES, createEmailQueue, emailBacklog, type EmailBacklog } from './emails/outbox';
export { NEWS_QUEUE, FETCH_SOURCE_JOB, requestFeedFetch, type FetchSourceJob } from './news/newsQueue';
