import { DateField, FunctionField, NullableBooleanInput, SearchInput, SelectInput } from 'react-admin';
import { SITE_LANGUAGE_NAMES } from '@autobest/domain/languages';
import type { ConversationRecord } from '@autobest/domain/assistant/contracts';
import { FollowUpList, statusColumn, statusFilter } from '../follow-ups/FollowUpList';
import { formatBudget, LANGUAGE_CHOICES, STAGE_CHOICES, STAGE_LABELS, USAGE_LABELS, VEHICLE_TYPE_LABELS } from './choices';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, contact, transcript" />,
  <SelectInput key="stage" source="stage" label="Stage" choices={STAGE_CHOICES} alwaysOn />,
  <SelectInput key="language" source="language" label="Language" choices={LANGUAGE_CHOICES} alwaysOn />,
  <NullableBooleanInput key="lead" source="lead" label="Lead" alwaysOn />,
  statusFilter,
];

/** Tara's conversations, newest first; a lead is a buyer who asked for a person. */
export function ConversationList() {
  return (
    <FollowUpList resource="conversations" sortField="startedAt" filters={filters} countsLabel="Conversation counts" empty="No conversations found">
      <DateField source="startedAt" label="Started" showTime />
      <DateField source="lastMessageAt" label="Last message" showTime />
      <FunctionField<ConversationRecord> label="Stage" sortBy="stage" render={(record) => STAGE_LABELS[record.stage]} />
      <FunctionField<ConversationRecord> label="Language" sortBy="language" render={(record) => SITE_LANGUAGE_NAMES[record.language]} />
      <FunctionField<ConversationRecord> label="Budget" sortBy="budget" render={(record) => formatBudget(record.context.budget)} />
      <FunctionField<ConversationRecord>
        label="Type"
        sortable={false}
        render={(record) => (record.context.preferredVehicleType ? VEHICLE_TYPE_LABELS[record.context.preferredVehicleType] : '—')}
      />
      <FunctionField<ConversationRecord> label="Usage" sortable={false} render={(record) => (record.context.usage ? USAGE_LABELS[record.context.usage] : '—')} />
      <FunctionField<ConversationRecord> label="Lead" sortable={false} render={(record) => record.lead?.name ?? '—'} />
      {statusColumn}
    </FollowUpList>
  );
}
