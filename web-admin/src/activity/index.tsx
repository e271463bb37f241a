import { Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import {
  AutocompleteInput,
  Datagrid,
  DateField,
  FilterButton,
  FunctionField,
  Link,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { ACTIVITY_ACTION_TYPES, ACTIVITY_FAMILIES, ACTIVITY_RECORD_KINDS, activityActionLabel, type ActivityEntry, type ActivityRecordKind } from '@autobest/domain/staff/activity';
import { filteredList } from '../home/homeCards';
import { ExportCsvButton } from '../ui/ExportCsvButton';
import { dateFilters } from '../ui/dateFilters';

const ACTION_CHOICES = [
  ...Object.entries(ACTIVITY_FAMILIES).map(([id, family]) => ({ id, name: `All: ${family.label}` })),
  ...ACTIVITY_ACTION_TYPES.map((type) => ({ id: type, name: activityActionLabel(type) })),
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search person, action, summary" />,
  <ReferenceInput key="actor" source="actor" reference="staff" sort={{ field: 'name', order: 'ASC' }} perPage={100} alwaysOn>
    <AutocompleteInput label="Person" optionText="name" />
  </ReferenceInput>,
  <SelectInput key="action" source="action" label="Action" choices={ACTION_CHOICES} alwaysOn />,
  ...dateFilters,
];

/** Where the console shows a record of the trail: its page, or the screen it is on (null: no page for it). */
const RECORD_PATHS: Record<ActivityRecordKind, ((id: string) => string) | null> = {
  'sell-car-submissions': (id) => `/sell-car-submissions/${encodeURIComponent(id)}/show`,
  'trade-in-submissions': (id) => `/trade-in-submissions/${encodeURIComponent(id)}/show`,
  vehicles: (id) => `/vehicles/${encodeURIComponent(id)}`,
  'reservation-requests': (id) => `/reservation-requests/${encodeURIComponent(id)}/show`,
  enquiries: (id) => `/enquiries/${encodeURIComponent(id)}/show`,
  'contact-messages': (id) => `/contact-messages/${encodeURIComponent(id)}/show`,
  conversations: (id) => `/conversations/${encodeURIComponent(id)}/show`,
  'news-sources': (id) => `/news-sources/${encodeURIComponent(id)}`,
  'tara-answers': (id) => `/tara-answers/${encodeURIComponent(id)}`,
  articles: (id) => `/articles/${encodeURIComponent(id)}/show`,
  videos: (id) => `/videos/${encodeURIComponent(id)}`,
  'data-collection': () => '/vehicle-data-collection',
  emails: (id) => `/emails/${encodeURIComponent(id)}/show`,
  // WhatsApp messages have no page of their own: the outbox's list, narrowed to the message (with its Retry).
  'whatsapp-messages': (id) => filteredList('whatsapp-messages', { id }),
  'tariff-versions': (id) => `/tariff-versions/${encodeURIComponent(id)}/show`,
  'freight-rates': (id) => `/freight-rates/${encodeURIComponent(id)}`,
  'destination-charges': (id) => `/destination-charges/${encodeURIComponent(id)}`,
  staff: (id) => `/staff/${encodeURIComponent(id)}`,
};

function RecordLink({ entry }: { entry: ActivityEntry }) {
  if (!entry.recordKind || !entry.recordId) return <>—</>;
  const { label } = ACTIVITY_RECORD_KINDS[entry.recordKind];
  const path = RECORD_PATHS[entry.recordKind];
  const text = entry.recordName ? `${label}: ${entry.recordName}` : label;
  return path ? (
    <Link to={path(entry.recordId)}>{text}</Link>
  ) : (
    <>{text}</>
  );
}

function Person({ entry }: { entry: ActivityEntry }) {
  return (
    <span>
      {entry.actorName}
      {entry.actorEmail && entry.actorEmail !== entry.actorName ? (
        <>
          <br />
          <Typography variant="caption" color="text.secondary">
            {entry.actorEmail}
          </Typography>
        </>
      ) : null}
    </span>
  );
}

function Empty() {
  return (
    <Typography sx={{ p: 4 }} align="center">
      No activity matches these filters
    </Typography>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton resource="activity" />
    </TopToolbar>
  );
}

/** The audit trail: who did what and when, to which record, and what happened to staff accounts. */
function ActivityList() {
  return (
    <List sort={{ field: 'at', order: 'DESC' }} filters={filters} actions={<ListActions />} exporter={false} perPage={50} empty={<Empty />}>
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        <DateField source="at" label="When" showTime />
        <FunctionField<ActivityEntry> label="Person" sortBy="actorName" render={(entry) => <Person entry={entry} />} />
        <FunctionField<ActivityEntry> label="Action" sortBy="action" render={(entry) => entry.actionLabel} />
        <FunctionField<ActivityEntry> label="What" sortable={false} render={(entry) => entry.summary} />
        <FunctionField<ActivityEntry> label="Record" sortable={false} render={(entry) => <RecordLink entry={entry} />} />
      </Datagrid>
    </List>
  );
}

export default { list: ActivityList, icon: HistoryIcon };
