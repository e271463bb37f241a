import type { Migration } from 'kysely';
import * as eventStore from './0001_event_store';
import * as staff from './0002_staff';
import * as contactMessages from './0003_contact_messages';
import * as submissions from './0004_submissions';
import * as inventory from './0005_inventory';
import * as analytics from './0006_analytics';
import * as dataCollection from './0007_data_collection';
import * as vehicleFacetCounts from './0008_vehicle_facet_counts';
import * as vehicleFilterIndexes from './0009_vehicle_filter_indexes';
import * as facetCountsPerFilter from './0010_facet_counts_per_filter';
import * as enquiries from './0011_enquiries';
import * as priceFacetCounts from './0012_price_facet_counts';
import * as makeFacetsIndex from './0013_make_facets_index';
import * as vehicleSearch from './0014_vehicle_search';
import * as vehicleFacetCombinations from './0015_vehicle_facet_combinations';
import * as sessionIdle from './0016_session_idle';
import * as statusTokens from './0017_status_tokens';
import * as submissionPhotoStates from './0018_submission_photo_states';
import * as emailOutbox from './0019_email_outbox';
import * as followUps from './0020_follow_ups';
import * as housekeepingRuns from './0021_housekeeping_runs';
import * as news from './0022_news';
import * as conversations from './0023_conversations';
import * as staffAccounts from './0024_staff_accounts';
import * as staffActivity from './0025_staff_activity';
import * as staffTwoFactor from './0026_staff_two_factor';
import * as landedCost from './0027_landed_cost';
import * as vehicleRecord from './0028_vehicle_record';
import * as withdrawnEmails from './0029_withdrawn_emails';
import * as vehicleSearchIdsByCodePoint from './0030_vehicle_search_ids_by_code_point';
import * as submissionLanguage from './0031_submission_language';
import * as whatsappMessages from './0032_whatsapp_messages';
import * as taraAnswers from './0033_tara_answers';
import * as whatsappReplies from './0034_whatsapp_replies';
import * as whatsappEarlyStatuses from './0035_whatsapp_early_statuses';
import * as conversationTurnEngines from './0036_conversation_turn_engines';
import * as whatsappAskedAt from './0037_whatsapp_asked_at';
import * as activityOutboxAndTaraRecords from './0038_activity_outbox_and_tara_records';
import * as conversationModelSlots from './0039_conversation_model_slots';
import * as outboxSendOrder from './0040_outbox_send_order';

/** Every migration in order. Imported statically so the same code runs under tsx, vitest and a bundle. */
export const migrations: Record<string, Migration> = {
  '0001_event_store': eventStore,
  '0002_staff': staff,
  '0003_contact_messages': contactMessages,
  '0004_submissions': submissions,
  '0005_inventory': inventory,
  '0006_analytics': analytics,
  '0007_data_collection': dataCollection,
  '0008_vehicle_facet_counts': vehicleFacetCounts,
  '0009_vehicle_filter_indexes': vehicleFilterIndexes,
  '0010_facet_counts_per_filter': facetCountsPerFilter,
  '0011_enquiries': enquiries,
  '0012_price_facet_counts': priceFacetCounts,
  '0013_make_facets_index': makeFacetsIndex,
  '0014_vehicle_search': vehicleSearch,
  '0015_vehicle_facet_combinations': vehicleFacetCombinations,
  '0016_session_idle': sessionIdle,
  '0017_status_tokens': statusTokens,
  '0018_submission_photo_states': submissionPhotoStates,
  '0019_email_outbox': emailOutbox,
  '0020_follow_ups': followUps,
  '0021_housekeeping_runs': housekeepingRuns,
  '0022_news': news,
  '0023_conversations': conversations,
  '0024_staff_accounts': staffAccounts,
  '0025_staff_activity': staffActivity,
  '0026_staff_two_factor': staffTwoFactor,
  '0027_landed_cost': landedCost,
  '0028_vehicle_record': vehicleRecord,
  '0029_withdrawn_emails': withdrawnEmails,
  '0030_vehicle_search_ids_by_code_point': vehicleSearchIdsByCodePoint,
  '0031_submission_language': submissionLanguage,
  '0032_whatsapp_messages': whatsappMessages,
  '0033_tara_answers': taraAnswers,
  '0034_whatsapp_replies': whatsappReplies,
  '0035_whatsapp_early_statuses': whatsappEarlyStatuses,
  '0036_conversation_turn_engines': conversationTurnEngines,
  '0037_whatsapp_asked_at': whatsappAskedAt,
  '0038_activity_outbox_and_tara_records': activityOutboxAndTaraRecords,
  '0039_conversation_model_slots': conversationModelSlots,
  '0040_outbox_send_order': outboxSendOrder,
};
