import RssFeedIcon from '@mui/icons-material/RssFeed';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  FunctionField,
  Labeled,
  List,
  NumberField,
  NullableBooleanInput,
  SearchInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
  useRecordContext,
} from 'react-admin';
import { Button, Chip, Stack, Typography } from '@mui/material';
import type { NewsSourceRecord } from '@autobest/domain/news/contracts';
import { answerOf } from '../dataProvider';
import { useRecordCommand } from '../useRecordCommand';
import { ChangeHistory } from '../ui/ChangeHistory';
import { CATEGORY_CHOICES, REGION_CHOICES, REGION_LABELS } from './choices';

/** A Fetch now the workers have not finished yet (for at most a minute: a stopped worker must not keep the page asking). */
const fetchPending = (source: NewsSourceRecord | undefined) => {
  if (!source?.fetchRequestedAt) return false;
  const requested = Date.parse(source.fetchRequestedAt);
  return Date.now() - requested < 60_000 && (!source.lastFetchedAt || Date.parse(source.lastFetchedAt) < requested);
};
/** While a Fetch now is under way the page asks again every two seconds, so its outcome appears without a reload. */
const POLL_MS = 2_000;

function StatusChip({ source }: { source: NewsSourceRecord }) {
  if (fetchPending(source)) return <Chip size="small" label="Fetching…" color="info" />;
  if (source.status === 'never') return <Chip size="small" label="Not read yet" />;
  if (source.status === 'failing') return <Chip size="small" label={`Failing (${source.consecutiveFailures})`} color="error" />;
  return <Chip size="small" label="OK" color="success" />;
}

function FetchNowButton() {
  const record = useRecordContext<NewsSourceRecord>();
  const { mayRun: mayChange, command: fetchNow } = useRecordCommand({
    resource: 'news-sources',
    action: 'edit',
    send: async (dataProvider, id: string) => answerOf(await dataProvider.fetchNewsSource(id)),
    done: () => ({ message: 'Fetch requested: the feed is read in a moment', type: 'info' }),
    failure: 'Could not ask the workers to read this feed. Please try again.',
  });
  if (!record || !mayChange) return null;
  return (
    <Button
      size="small"
      startIcon={<CloudDownloadIcon />}
      disabled={fetchNow.isPending || fetchPending(record)}
      onClick={(event) => {
        // In a list row: fetch, do not open the record.
        event.stopPropagation();
        fetchNow.mutate(record.id);
      }}
    >
      Fetch now
    </Button>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or feed URL" />,
  <SelectInput key="region" source="region" choices={REGION_CHOICES} alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" label="Enabled" alwaysOn />,
];

function NewsSourceList() {
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      exporter={false}
      queryOptions={{ refetchInterval: ({ state }: { state: { data?: { data: NewsSourceRecord[] } } }) => (state.data?.data.some(fetchPending) ? POLL_MS : false) }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField<NewsSourceRecord> label="Region" sortBy="region" render={(record) => REGION_LABELS[record.region]} />
        <TextField source="category" />
        <BooleanField source="enabled" />
        <FunctionField<NewsSourceRecord> label="Status" render={(record) => <StatusChip source={record} />} />
        <DateField source="lastFetchedAt" label="Last fetched" showTime sortable={false} emptyText="—" />
        <DateField source="lastSuccessAt" label="Last success" showTime sortable={false} emptyText="—" />
        <NumberField source="items" sortable={false} />
        <NumberField source="consecutiveFailures" label="Failures" sortable={false} />
        <FunctionField<NewsSourceRecord> label="Last error" render={(record) => <Typography variant="body2" sx={{ maxWidth: 320 }}>{record.lastError ?? '—'}</Typography>} />
        <FetchNowButton />
      </Datagrid>
    </List>
  );
}

/** What staff enter; the API checks it again (an http(s) URL, not on this machine or the internal network). */
function NewsSourceForm() {
  return (
    <>
      <TextInput source="name" validate={required('Source name is required')} fullWidth />
      <TextInput source="url" label="Feed URL" validate={required('Feed URL is required')} fullWidth helperText="The RSS or Atom feed's address (http:// or https://)" />
      <SelectInput source="region" choices={REGION_CHOICES} validate={required('Region is required')} />
      <SelectInput source="category" choices={CATEGORY_CHOICES} defaultValue="Industry News" helperText="For articles whose own labels name none of ours" />
      <BooleanInput source="enabled" defaultValue helperText="Disabled: not read on schedule, and its articles are not shown" />
    </>
  );
}

function FetchState() {
  const record = useRecordContext<NewsSourceRecord>();
  if (!record) return null;
  const rows: Array<[string, string]> = [
    ['Last fetched', record.lastFetchedAt ? new Date(record.lastFetchedAt).toLocaleString('en-NG') : '—'],
    ['Last success', record.lastSuccessAt ? new Date(record.lastSuccessAt).toLocaleString('en-NG') : '—'],
    ['Items (last read)', String(record.items)],
    ['Consecutive failures', String(record.consecutiveFailures)],
    ['Last error', record.lastError ?? '—'],
    ['Next attempt', record.nextAttemptAt ? new Date(record.nextAttemptAt).toLocaleString('en-NG') : '—'],
  ];
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <StatusChip source={record} />
        <FetchNowButton />
      </Stack>
      {rows.map(([label, value]) => (
        <Typography key={label} variant="body2">
          <strong>{label}:</strong> {value}
        </Typography>
      ))}
    </Stack>
  );
}


const NewsSourceEdit = () => (
  <Edit
    mutationMode="pessimistic"
    actions={<TopToolbar />}
    queryOptions={{ refetchInterval: ({ state }: { state: { data?: NewsSourceRecord } }) => (fetchPending(state.data) ? POLL_MS : false) }}
  >
    {/* Sources are disabled, not deleted: their articles and history stay. */}
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <Labeled label="Fetch state">
        <FetchState />
      </Labeled>
      <NewsSourceForm />
      <Labeled label="History">
        <ChangeHistory firstIsAdded />
      </Labeled>
    </SimpleForm>
  </Edit>
);

const NewsSourceCreate = () => (
  <Create redirect="edit">
    <SimpleForm>
      <NewsSourceForm />
    </SimpleForm>
  </Create>
);

export default { list: NewsSourceList, edit: NewsSourceEdit, create: NewsSourceCreate, icon: RssFeedIcon };
