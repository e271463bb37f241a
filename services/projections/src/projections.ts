import { contactMessagesProjection } from './contact/contactMessagesProjection';
import { enquiriesProjection } from './enquiries/enquiriesProjection';
import { submissionsProjection } from './submissions/submissionsProjection';
import { vehiclesProjection } from './inventory/vehiclesProjection';
import { collectedRecordsProjection } from './inventory/collectedRecordsProjection';
import { newsSourcesProjection } from './news/newsSourcesProjection';
import { articleModerationProjection } from './news/articleModerationProjection';
import { reviewVideosProjection } from './news/reviewVideosProjection';
import { conversationsProjection } from './assistant/conversationsProjection';
import { staffActivityProjection } from './staff/activityProjection';
import type { Projection } from './projector/projection';

/** Every read model the projector keeps. A new one starts from the first event and catches up by itself. */
export const allProjections: readonly Projection[] = [
  contactMessagesProjection,
  enquiriesProjection,
  submissionsProjection,
  vehiclesProjection,
  collectedRecordsProjection,
  newsSourcesProjection,
  articleModerationProjection,
  reviewVideosProjection,
  conversationsProjection,
  staffActivityProjection,
];
