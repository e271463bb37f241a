import { z } from 'zod';

/** The spec's analytics vocabulary: page views, interactions, conversation stages and the named events. */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'user_interaction',
  'conversation_stage',
  'navigation_back_to_home',
  'navigation_back_to_buy_cars',
  'image_upload',
  'trade_in_form_submit',
  'sell_car_form_submit',
  'electric_vehicle_click',
  'inventory_vehicle_view',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

const propertyValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const AnalyticsEventSchema = z.object({
  event: z.enum(ANALYTICS_EVENT_NAMES, { error: `event must be one of: ${ANALYTICS_EVENT_NAMES.join(', ')}` }),
  properties: z
    .record(z.string().max(60), propertyValue)
    .refine((properties) => Object.keys(properties).length <= 30, 'At most 30 properties')
    .default({}),
  timestamp: z.iso.datetime({ error: 'timestamp must be an ISO date-time' }),
});

/** What a browser sends: a batch, collected and flushed on page hide with sendBeacon. */
export const AnalyticsBatchSchema = z.object({
  sessionId: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/, 'sessionId holds letters, digits, _ and - only'),
  events: z.array(AnalyticsEventSchema).min(1, 'Send at least one event').max(100, 'At most 100 events per batch'),
});

export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;

