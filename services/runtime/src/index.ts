/**
 * @autobest/runtime: what the API and the workers share at run time. The product's queues and their names (each
 * process opens them once, with openQueues), the Redis connections, the doorbell that tells a queue's processor of new
 * commits, the outbox's figures, the WhatsApp delivery statuses the webhook and the deliverer both write, the status tokens and set-password links, a request's upload folder, the photo codec
 * and the current exchange rates. It sits on domain and db only: no projection, no route and no worker process lives
 * here.
 */
export { QUEUES, ALL_QUEUE_NAMES, openQueues, closeQueues, type QueueName, type ProductQueues } from './queues/queues';
export { createProducerConnection, createWorkerConnection } from './queues/redis';
export { ProjectorDoorbell, scheduleProjectorSafetyNet, PROJECTOR_QUEUE, type DoorbellLogger } from './queues/doorbell';
export { NOTIFIER, EMAIL_DELAY_WARNING_MINUTES, outboxBacklog, type OutboxBacklog, type OutboxTable } from './emails/outbox';
export { applyEarlyWhatsAppStatuses, applyWhatsAppStatus, keepEarlyWhatsAppStatus, lockWhatsAppMessageIds, type WhatsAppStatusReport } from './whatsapp/statuses';
export { NEWS_QUEUE, FETCH_SOURCE_JOB, requestFeedFetch, type FetchSourceJob } from './news/newsQueue';
export { currentRates, RATES_QUEUE, type RatesSnapshot } from './rates/rates';
export { createStatusTokens, type StatusTokens } from './submissions/statusTokens';
export { submissionFolder } from './submissions/submissionFolder';
export { createPasswordLinkTokens, type PasswordLinkTokens } from './staff/passwordLinks';
export { identifyPhoto, PhotoProbe, photoVariantPath, reencodePhoto, UndecodablePhotoError, writePhotoVariants, type ReencodedPhoto } from './photos/photoCodec';
export { CLAIMED_SUFFIX, receivedBytes, removeExpiredPhotoUploads, resumableUploadsFolder, RESUMABLE_UPLOAD_EXPIRY_MS, RESUMABLE_UPLOAD_IDLE_MS, uploadExpired } from './photos/resumableUploads';
