import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ChatCitation, ChatFilterSlot, StoredChatContext, TaraEngine, ModelFallback, ChatEntry, ChatStage, CurrencyCode, EmailStatus, EnquiryKind, WhatsAppMessageStatus, FollowUpNote, FollowUpStatus, FollowUpStatusChange, NewsCategory, NewsRegion, ProcessedPhoto, Quote, SiteLanguage, TaraTopic, TariffLine, VehicleSize, VideoCategory } from '@autobest/domain';

/** int8 columns are parsed to JS numbers (see connection.ts); positions stay far below 2^53. */
type Int8 = ColumnType<number, number | bigint | string, number | bigint | string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EventsTable {
  global_position: ColumnType<number, never, never>;
  /** xid8, kept as its decimal text: it can exceed 2^53. */
  transaction_id: ColumnType<string, never, never>;
  stream_id: string;
  stream_position: Int8;
  event_id: string;
  type: string;
  data: JSONColumnType<Record<string, unknown>>;
  metadata: JSONColumnType<Record<string, unknown>>;
  occurred_at: Generated<Date>;
}

export interface ProcessorCheckpointsTable {
  processor_name: string;
  last_transaction_id: string;
  last_global_position: Int8;
  updated_at: Timestamp;
}

export interface StaffUsersTable {
  id: string;
  email: string;
  display_name: string;
  /** Null while an invited person has not chosen a password yet (they cannot sign in). */
  password_hash: string | null;
  role: string;
  created_at: Generated<Date>;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  /** The TOTP secret, encrypted (never the base32 itself); set from the start of an enrolment. */
  two_factor_secret: string | null;
  /** When the person confirmed their authenticator: from then on sign-in asks for a code. */
  two_factor_enabled_at: Date | null;
  /** The last TOTP time step a code was accepted for: that step and earlier ones are refused (a code works once). */
  two_factor_last_step: number | null;
}

/** One recovery code of a person, as its SHA-256 digest; used once. */
export interface StaffRecoveryCodesTable {
  staff_user_id: string;
  code_digest: string;
  used_at: Date | null;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_seen_at: Generated<Date>;
  /** What the person sees and names to end a session; the token digest (the key) is never shown. */
  id: Generated<string>;
  user_agent: string | null;
}

/** The one live set-password link of a person (invitation or reset); its token is derived, never stored. */
export interface StaffPasswordLinksTable {
  id: string;
  staff_user_id: string;
  purpose: 'invite' | 'reset';
  created_at: Generated<Date>;
  expires_at: Date;
}

/** The activity trail (issue 17.4), one row per event; built by the staff-activity projection. */
export interface StaffActivityTable {
  /** The event's id. */
  id: string;
  global_position: Int8;
  occurred_at: Timestamp;
  actor_kind: 'staff' | 'visitor' | 'system';
  actor_staff_id: string | null;
  /** The staff member's email as the event recorded it. */
  actor_email: string | null;
  /** The part of the system that acted (the shell command, the first start). */
  actor_system: string | null;
  /** The event type. */
  action: string;
  stream_id: string;
  record_kind: string | null;
  record_id: string | null;
  summary: string;
}

/** staff_activity with the actor's name as it is now (a view). */
export interface StaffActivityNamedView extends StaffActivityTable {
  actor_name: ColumnType<string, never, never>;
  /** The name of the staff member an account event is about. */
  record_name: ColumnType<string | null, never, never>;
}

export interface ContactMessagesTable extends FollowUpColumns {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  language: SiteLanguage;
  received_at: Timestamp;
  global_position: Int8;
  /** When the projector wrote the row; received_at → projected_at is the projection lag. */
  projected_at: Generated<Date>;
}

/** What every followed-up read model keeps (enquiries, contact messages, reservation requests); migration 0020. */
export interface FollowUpColumns {
  status: FollowUpStatus;
  /** Oldest first; `by` is the staff member's email, from the event's metadata. */
  status_history: JSONColumnType<FollowUpStatusChange[]>;
  notes: JSONColumnType<FollowUpNote[]>;
  last_updated: Timestamp | null;
  version: number;
}

export interface EnquiriesTable extends FollowUpColumns {
  id: string;
  kind: EnquiryKind;
  full_name: string;
  phone: string;
  email: string | null;
  subject: string;
  message: string | null;
  /** YYYY-MM-DD as the customer chose it. */
  preferred_date: string | null;
  details: JSONColumnType<Record<string, string | number>>;
  source_path: string | null;
  received_at: Timestamp;
  global_position: Int8;
  projected_at: Generated<Date>;
}

/** A photo as the console may show it: only once the photo processor re-encoded it. */
export type SubmissionPhotoRow = { slot: string; label: string; state: 'processing' } | ProcessedPhoto;

export interface SubmissionsTable {
  id: string;
  kind: 'sell-car' | 'trade-in';
  submitted_at: Timestamp;
  full_name: string;
  phone_number: string;
  email: string;
  make: string;
  model: string;
  year: string;
  odometer: string;
  fuel_type: string;
  transmission: string;
  vin: string | null;
  known_issues: string | null;
  under_finance: boolean;
  asking_price: string | null;
  /** The site language the owner used (0031); their emails are in it. */
  language: SiteLanguage;
  status: 'pending' | 'reviewed' | 'finalized';
  last_updated: Timestamp | null;
  value_minor: Int8 | null;
  notes: JSONColumnType<FollowUpNote[]>;
  photos: JSONColumnType<SubmissionPhotoRow[]>;
  /** SHA-256 (hex) of the status token of a request made before tokens were derived; null for later ones. */
  status_token_hash: string | null;
  version: number;
  global_position: Int8;
}

/** The WhatsApp outbox (0032): one row per (event, template), written by the notifier, sent by the deliver-whatsapp queue. */
/** Tara's knowledge base (issue 40.2): one answer per topic and site language, edited by staff. */
export interface TaraAnswersTable {
  /** `topic:language`, computed by the database. */
  id: ColumnType<string, never, never>;
  topic: string;
  language: SiteLanguage;
  text: string;
  /** The staff member who last edited it; null for the seeded text. */
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface WhatsAppMessagesTable {
  id: Generated<string>;
  event_id: string;
  /** One of WHATSAPP_TEMPLATES; its approved name in the WhatsApp account is configuration. */
  template: string;
  language: SiteLanguage;
  /** E.164 digits, no plus. */
  to_phone: string;
  /** The template's body parameters in order; a status link carries a placeholder, never the token. */
  parameters: JSONColumnType<string[]>;
  related_id: string | null;
  /** The request whose status token the deliverer puts into the link when it sends the message. */
  status_token_for: string | null;
  status: WhatsAppMessageStatus;
  /** Attempts started, counted when one is claimed. */
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  claimed_until: Date | null;
  /** 'cloud-api' or 'log', once sent. */
  transport: string | null;
  /** messages[0].id of the API's answer: the webhooks name the message by it. */
  wa_message_id: string | null;
  last_error: string | null;
  /** The API's error code (131026 undeliverable, 100 invalid parameter, ...) of the last failure. */
  error_code: number | null;
  /** When the person asked for these updates (0037): a STOP withdraws what was asked for before it; null on older rows. */
  asked_at: Date | null;
  /**
   * The place in the store of the event that caused it (0040): messages due at the same moment go in this order (its
   * transaction, then its position, then the template), which the outbox's partial index on due rows holds.
   */
  event_transaction_id: string | null;
  event_global_position: Int8 | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
}

/** Phones that replied STOP (0032): their requests made before then get no more WhatsApp messages. */
export interface WhatsAppStopsTable {
  phone: string;
  stopped_at: Generated<Date>;
  wa_message_id: string | null;
}

/** Customers' text replies on WhatsApp (0034), once per message id; related_id null when no open request was theirs. */
export interface WhatsAppRepliesTable {
  wa_message_id: string;
  /** E.164 digits. */
  from_phone: string;
  text: string;
  received_at: Date;
  related_id: string | null;
  stream_id: string | null;
  recorded_at: Generated<Date>;
}

/** Delivery statuses that came before the send result wrote their wa_message_id (0035); applied and deleted then. */
export interface WhatsAppEarlyStatusesTable {
  wa_message_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  error_code: number | null;
  last_error: string | null;
  received_at: Generated<Date>;
}

/** The email outbox (0019): one row per (event, template), written by the notifier, sent by the deliver-email queue. */
export interface SentEmailsTable {
  id: Generated<string>;
  event_id: string;
  template: string;
  to_address: string;
  subject: string;
  /** As kept and shown to staff: a status link carries a placeholder, never the token. */
  html: string;
  text: string;
  status: EmailStatus;
  /** Attempts started, counted when one is claimed (one that crashed counts too). */
  attempts: Generated<number>;
  /** The mail server's answer to the last attempt that failed (or why it could not be reached). */
  last_error: string | null;
  created_at: Generated<Date>;
  /** When a pending email is due (again); null once it is sent or failed. */
  next_attempt_at: Date | null;
  /** Set while an attempt is under way: no other worker sends it before then. */
  claimed_until: Date | null;
  sent_at: Date | null;
  /** 'smtp' or 'log', once sent. */
  transport: string | null;
  /** The Message-ID the email carries, the same on every attempt; null only for emails recorded before 0019. */
  message_id: string | null;
  related_id: string | null;
  /** The request whose status token the deliverer puts into the links when it sends the email. */
  status_token_for: string | null;
  /** The set-password link whose token the deliverer puts into the email's link (written with the placeholder). */
  password_link_for: string | null;
  /**
   * The place in the store of the event that caused it (0040): messages due at the same moment go in this order (its
   * transaction, then its position, then the template), which the outbox's partial index on due rows holds.
   */
  event_transaction_id: string | null;
  event_global_position: Int8 | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_digest: string;
  response: JSONColumnType<Record<string, unknown>> | null;
  created_at: Generated<Date>;
}

export interface VehiclesTable {
  id: string;
  name: string;
  subtitle: string;
  description: string;
  price_minor: Int8;
  price_currency: string;
  price_usd_cents: Int8;
  images: JSONColumnType<Array<{ url: string; alt: string; isPrimary?: boolean | undefined }>>;
  specifications: JSONColumnType<Array<{ name: string; value: string; category: string }>>;
  features: JSONColumnType<Array<{ name: string; description: string; category: string }>>;
  features_text: string;
  category: string;
  brand: string;
  model: string;
  year: number;
  rating: ColumnType<number, number, number>;
  review_count: number;
  in_stock: boolean;
  is_new: boolean;
  is_featured: boolean;
  source_url: string;
  condition: string;
  fuel_type: string;
  body_type: string;
  transmission: string;
  odometer_km: number;
  city: string;
  country: string;
  tabs: string[];
  collections: string[];
  search: ColumnType<string, never, never>;
  vin: string;
  trim: string;
  import_status: string;
  /** A date column, read as YYYY-MM-DD (connection.ts). */
  expected_arrival: string | null;
  ev_range_km: number | null;
  pricing: JSONColumnType<{ min: number; max: number; currency: string; reservationAmount: number; note: string } | null, string | null, string | null>;
  listed_at: Timestamp;
  updated_at: Timestamp;
  version: number;
  global_position: Int8;
}

/** What a search filters, sorts and counts by: the vehicles projection's narrow copy of those vehicles columns. */
export interface VehicleSearchTable
  extends Pick<
    VehiclesTable,
    'id' | 'price_usd_cents' | 'year' | 'listed_at' | 'rating' | 'brand' | 'model' | 'condition' | 'fuel_type' | 'body_type' | 'city' | 'country' | 'tabs' | 'collections' | 'is_featured' | 'search' | 'ev_range_km'
  > {
  /** The vehicle's combination of facet values in vehicle_facet_combinations. */
  facets_id: number;
}

/** Each distinct combination of facet values among the vehicles: a search counts its rows per combination. */
export interface VehicleFacetCombinationsTable extends Pick<VehiclesTable, 'brand' | 'condition' | 'fuel_type' | 'body_type' | 'year' | 'city' | 'tabs' | 'collections'> {
  id: Generated<number>;
}

export interface ReservationRequestsTable extends FollowUpColumns {
  id: string;
  vehicle_id: string;
  vehicle_name: string;
  name: string;
  phone: string;
  email: string | null;
  language: SiteLanguage;
  requested_at: Timestamp;
}

export interface RateSnapshotsTable {
  id: Generated<number>;
  source: string;
  fetched_at: Generated<Date>;
  rates: JSONColumnType<Record<string, number>>;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  session_id: string;
  event: string;
  properties: JSONColumnType<Record<string, string | number | boolean | null>>;
  occurred_at: Timestamp;
  received_at: Generated<Date>;
}

/** How the last run of each housekeeping sweep went on each host (workers write, the API's /metrics reads). */
export interface HousekeepingRunsTable {
  sweep: string;
  host: string;
  started_at: Timestamp;
  finished_at: Timestamp;
  /** What the last run removed (rows or files). */
  removed: Int8;
  /** Why the last run failed; null when it succeeded. */
  error: string | null;
  last_success_at: Timestamp | null;
}

export interface CollectedRecordsTable {
  variant_id: string;
  record: JSONColumnType<Record<string, unknown>>;
  status: 'WIP' | 'Done';
  issues: string[];
  updated_at: Timestamp;
  updated_by: string | null;
  version: number;
}

export interface VehicleFacetCountsTable {
  filter_facet: string;
  filter_value: string;
  facet: string;
  value: string;
  count: number;
}

export interface VehiclePriceFacetCountsTable {
  filter_facet: string;
  filter_value: string;
  price_bucket: number;
  facet: string;
  value: string;
  count: number;
}

/** A staff change to a news source: the fields set (all of them when added), when and by whom. */
export interface NewsSourceChange {
  at: string;
  by: string | null;
  changes: Record<string, string | boolean>;
}

/** Read model of the news sources staff manage (projected from their events). */
export interface NewsSourcesTable {
  id: string;
  name: string;
  url: string;
  region: NewsRegion;
  category: NewsCategory;
  enabled: boolean;
  history: JSONColumnType<NewsSourceChange[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
  global_position: Int8;
}

/** How reading each source went, written by the news worker (not from events). */
export interface NewsFetchStatesTable {
  source_id: string;
  last_fetched_at: Timestamp | null;
  last_success_at: Timestamp | null;
  items: Generated<number>;
  consecutive_failures: Generated<number>;
  last_error: string | null;
  /** A failing feed is not read again before this (growing delays, capped). */
  next_attempt_at: Timestamp | null;
  /** The feed's validators for a conditional GET, valid only for the URL they came from. */
  etag: string | null;
  last_modified: string | null;
  validators_url: string | null;
  /** A worker reading the feed holds it until then, so two never read one feed at once. */
  lease_until: Timestamp | null;
  fetch_requested_at: Timestamp | null;
}

/** Articles as feeds gave them, written by the news worker; the id is a digest of the normalised link. */
export interface NewsArticlesTable {
  id: string;
  source_id: string;
  title: string;
  excerpt: string;
  url: string;
  image: string;
  category: NewsCategory;
  publish_date: Timestamp;
  /** False when the feed gave no date and publish_date is when it was first read. */
  dated: boolean;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

export interface ArticleModerationEntry {
  action: 'hidden' | 'unhidden' | 'featured' | 'unfeatured';
  at: string;
  by: string | null;
}

/** Read model of staff decisions about articles: hidden, featured at the top of the ticker (one at most). */
export interface NewsArticleModerationTable {
  article_id: string;
  hidden: boolean;
  featured: boolean;
  history: JSONColumnType<ArticleModerationEntry[]>;
  global_position: Int8;
}

export interface ReviewVideoChange {
  at: string;
  by: string | null;
  action: 'added' | 'changed';
  fields: string[];
}

/** Read model of the review videos staff curate. */
export interface ReviewVideosTable {
  id: string;
  title: string;
  description: string;
  brand: string;
  model: string;
  category: VideoCategory;
  thumbnail: string;
  video_url: string;
  duration: string;
  rating: number;
  views: Int8;
  channel: string;
  /** YYYY-MM-DD, kept as text: a date column would be read as a Date at local midnight. */
  publish_date: ColumnType<string, string, string>;
  history: JSONColumnType<ReviewVideoChange[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
  global_position: Int8;
}

/** Read model of Tara's conversations (0023): what staff list, search and follow up, and the funnel counts. */
export interface ConversationsTable extends FollowUpColumns {
  id: string;
  language: SiteLanguage;
  currency: CurrencyCode;
  entry: ChatEntry | null;
  topic: TaraTopic | null;
  stage: ChatStage;
  context: JSONColumnType<StoredChatContext>;
  /** Major units of budget_currency; numeric, read as text by pg. */
  budget_amount: ColumnType<string | null, string | number | null, string | number | null>;
  budget_currency: string | null;
  vehicle_type: string | null;
  usage: string | null;
  started_at: Timestamp;
  last_message_at: Timestamp;
  /** The buyer's messages (Tara's replies not counted). */
  message_count: number;
  /** Every vehicle Tara showed, once each, in the order first shown. */
  vehicles_shown: JSONColumnType<Array<{ id: string; name: string }>>;
  lead_name: string | null;
  lead_phone: string | null;
  lead_email: string | null;
  handed_off_at: Timestamp | null;
  /** The lead's name and contacts and the transcript, for the console's `q`. */
  search_text: string;
  global_position: Int8;
}

/** The transcript of a conversation, ordered by the stream position of the event each message came from. */
export interface ConversationMessagesTable {
  conversation_id: string;
  position: number;
  id: string;
  is_user: boolean;
  content: string;
  citations: JSONColumnType<ChatCitation[]>;
  at: Timestamp;
  /** Tara's replies (0036): which engine answered; null for a buyer's message, and for replies projected before. */
  engine: ColumnType<TaraEngine | null, TaraEngine | null | undefined, TaraEngine | null>;
  /** With engine 'rules': why the language model tried first did not answer. */
  fallback: ColumnType<ModelFallback | null, ModelFallback | null | undefined, ModelFallback | null>;
  /** Tara's replies: every slot she understood after the turn. */
  context: ColumnType<StoredChatContext | null, string | null | undefined, string | null>;
  /** Tara's replies (0039): the slots the language model read in the buyer's message; null when it set none. */
  model_slots: ColumnType<ChatFilterSlot[] | null, string | null | undefined, string | null>;
}

/** A version of a country's tariff: written once, never changed (a change is the next version). */
export interface TariffVersionsTable {
  id: string;
  country: string;
  version: number;
  /** YYYY-MM-DD. */
  effective_date: string;
  source: string;
  notes: string;
  lines: JSONColumnType<TariffLine[]>;
  created_at: Generated<Date>;
  created_by: string | null;
}

/** What a staff change to a freight rate or destination charge set, when and by whom. */
export interface RateTableChange {
  at: string;
  by: string | null;
  changes: Record<string, string | number>;
}

export interface FreightRatesTable {
  id: string;
  origin_port: string;
  destination_port: string;
  country: string;
  vehicle_size: VehicleSize;
  freight_usd: ColumnType<number, number, number>;
  insurance_rate: ColumnType<number, number, number>;
  source: string;
  notes: string;
  history: JSONColumnType<RateTableChange[]>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface DestinationChargesTable {
  id: string;
  country: string;
  city: string;
  currency: string;
  clearing: ColumnType<number, number, number>;
  port: ColumnType<number, number, number>;
  delivery: ColumnType<number, number, number>;
  source: string;
  notes: string;
  history: JSONColumnType<RateTableChange[]>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

/** A quote a buyer asked to be sent: the whole calculation as computed, with the tariff version and rates it used. */
export interface QuotesTable {
  id: string;
  vehicle_id: string;
  country: string;
  city: string;
  currency: string;
  tariff_version_id: string;
  rates: JSONColumnType<{ source: string; timestamp: string; rates: Record<string, number> }>;
  quote: JSONColumnType<Quote>;
  total_minor: Int8;
  enquiry_id: string | null;
  created_at: Generated<Date>;
}

export interface Database {
  events: EventsTable;
  processor_checkpoints: ProcessorCheckpointsTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_password_links: StaffPasswordLinksTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_activity: StaffActivityTable;
  staff_activity_named: StaffActivityNamedView;
  contact_messages: ContactMessagesTable;
  enquiries: EnquiriesTable;
  submissions: SubmissionsTable;
  sent_emails: SentEmailsTable;
  whatsapp_messages: WhatsAppMessagesTable;
  tara_answers: TaraAnswersTable;
  whatsapp_stops: WhatsAppStopsTable;
  whatsapp_replies: WhatsAppRepliesTable;
  whatsapp_early_statuses: WhatsAppEarlyStatusesTable;
  idempotency_keys: IdempotencyKeysTable;
  vehicles: VehiclesTable;
  vehicle_search: VehicleSearchTable;
  vehicle_facet_combinations: VehicleFacetCombinationsTable;
  reservation_requests: ReservationRequestsTable;
  rate_snapshots: RateSnapshotsTable;
  analytics_events: AnalyticsEventsTable;
  collected_records: CollectedRecordsTable;
  vehicle_facet_counts: VehicleFacetCountsTable;
  vehicle_price_facet_counts: VehiclePriceFacetCountsTable;
  housekeeping_runs: HousekeepingRunsTable;
  news_sources: NewsSourcesTable;
  news_fetch_states: NewsFetchStatesTable;
  news_articles: NewsArticlesTable;
  news_article_moderation: NewsArticleModerationTable;
  review_videos: ReviewVideosTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  tariff_versions: TariffVersionsTable;
  freight_rates: FreightRatesTable;
  destination_charges: DestinationChargesTable;
  quotes: QuotesTable;
}
