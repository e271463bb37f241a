import { z } from 'zod';
import { ANALYTICS_PROPERTIES_MAX_BYTES, ANALYTICS_TEXT_MAX_LENGTH } from './bounds';

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

const text = z.string().max(ANALYTICS_TEXT_MAX_LENGTH, `At most ${ANALYTICS_TEXT_MAX_LENGTH} characters`);
const smallCount = z.number().int('A whole number').min(0, 'At least 0').max(1000, 'At most 1000');
const year = z.union([text, z.number().int().min(1900).max(2100)]);

/**
 * What each event may carry: the spec's properties (image_upload {type}, trade_in_form_submit {vehicleMake, year,
 * imagesCount}, electric_vehicle_click {vehicleId, vehicleName}, inventory_vehicle_view {vehicleId}) and the ones the
 * storefront adds to say where and what (page, form, action and its subject). Every property is optional; any other
 * key is dropped, so a batch cannot store what the console never reads.
 */
const ANALYTICS_EVENT_PROPERTIES = {
  page_view: { page: text },
  user_interaction: {
    action: text,
    articleId: text,
    brand: text,
    category: text,
    conversationId: text,
    filters: text,
    kind: text,
    plan: text,
    position: smallCount,
    region: text,
    reply: text,
    service: text,
    sort: text,
    source: text,
    subject: text,
    vehicleId: text,
    videoId: text,
    where: text,
  },
  conversation_stage: { stage: text, conversationId: text },
  navigation_back_to_home: { from: text },
  navigation_back_to_buy_cars: { from: text },
  image_upload: { type: text, form: text },
  trade_in_form_submit: { vehicleMake: text, year, imagesCount: smallCount },
  sell_car_form_submit: { make: text, year },
  electric_vehicle_click: { vehicleId: text, vehicleName: text },
  inventory_vehicle_view: { vehicleId: text },
} as const satisfies Record<AnalyticsEventName, z.ZodRawShape>;

/** The properties the storefront may send with `event` (with one of several events: those of any of them). */
export type AnalyticsProperties<E extends AnalyticsEventName> = E extends AnalyticsEventName ? Partial<z.input<z.ZodObject<(typeof ANALYTICS_EVENT_PROPERTIES)[E]>>> : never;

const utf8 = new TextEncoder();
/** The bytes a value takes as the JSON that is stored. */
const jsonBytes = (value: unknown) => utf8.encode(JSON.stringify(value)).length;

const propertiesOf = (shape: z.ZodRawShape) =>
  z
    .object(shape)
    .partial()
    .refine((properties) => jsonBytes(properties) <= ANALYTICS_PROPERTIES_MAX_BYTES, `At most ${ANALYTICS_PROPERTIES_MAX_BYTES} bytes of properties`)
    .default({});

const eventOf = <E extends AnalyticsEventName>(event: E) =>
  z.object({
    event: z.literal(event),
    properties: propertiesOf(ANALYTICS_EVENT_PROPERTIES[event]),
    timestamp: z.iso.datetime({ error: 'timestamp must be an ISO date-time' }),
  });

export const AnalyticsEventSchema = z.discriminatedUnion(
  'event',
  [
    eventOf('page_view'),
    eventOf('user_interaction'),
    eventOf('conversation_stage'),
    eventOf('navigation_back_to_home'),
    eventOf('navigation_back_to_buy_cars'),
    eventOf('image_upload'),
    eventOf('trade_in_form_submit'),
    eventOf('sell_car_form_submit'),
    eventOf('electric_vehicle_click'),
    eventOf('inventory_vehicle_view'),
  ],
  { error: `event must be one of: ${ANALYTICS_EVENT_NAMES.join(', ')}` },
);

/** What a browser sends: a batch, collected and flushed on page hide with sendBeacon. */
export const AnalyticsBatchSchema = z.object({
  sessionId: z.string().trim().min(8).max(64, { abort: true }).regex(/^[A-Za-z0-9_-]+$/, 'sessionId holds letters, digits, _ and - only'),
  events: z.array(AnalyticsEventSchema).min(1, 'Send at least one event').max(100, 'At most 100 events per batch'),
});

export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;
