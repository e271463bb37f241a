import ArticleIcon from '@mui/icons-material/Article';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  UrlField,
  useRecordContext,
} from 'react-admin';
import { Button, Chip, List as MuiList, ListItem, ListItemText, Stack } from '@mui/material';
import type { AdminArticle } from '@autobest/domain/news/contracts';
import { answerOf } from '../dataProvider';
import { useRecordCommand } from '../useRecordCommand';
import { CATEGORY_CHOICES, REGION_CHOICES, REGION_LABELS } from '../news-sources/choices';

type Action = 'hide' | 'unhide' | 'feature' | 'unfeature';
const DONE: Record<Action, string> = {
  hide: 'Hidden from visitors',
  unhide: 'Shown to visitors again',
  feature: 'Featured at the top of the ticker',
  unfeature: 'No longer featured',
};
const ACTION_LABELS: Record<AdminArticle['history'][number]['action'], string> = { hidden: 'Hidden', unhidden: 'Shown again', featured: 'Featured', unfeatured: 'No longer featured' };

/** Hide or show, feature or unfeature: each recorded with who and when. */
function ArticleActions() {
  const record = useRecordContext<AdminArticle>();
  const { mayRun: mayChange, command: act } = useRecordCommand({
    resource: 'articles',
    action: 'edit',
    send: async (dataProvider, action: Action) => answerOf(await dataProvider.moderateArticle(record!.id, action)),
    done: (action) => ({ message: DONE[action], type: 'success' }),
    failure: 'Could not change this article. Please try again.',
  });
  if (!record || !mayChange) return null;
  const run = (action: Action) => (event: React.MouseEvent) => {
    // In a list row: act, do not open the record.
    event.stopPropagation();
    act.mutate(action);
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" disabled={act.isPending} startIcon={record.hidden ? <VisibilityIcon /> : <VisibilityOffIcon />} onClick={run(record.hidden ? 'unhide' : 'hide')}>
        {record.hidden ? 'Unhide' : 'Hide'}
      </Button>
      <Button size="small" disabled={act.isPending || (record.hidden && !record.featured)} startIcon={record.featured ? <StarIcon /> : <StarBorderIcon />} onClick={run(record.featured ? 'unfeature' : 'feature')}>
        {record.featured ? 'Unfeature' : 'Feature'}
      </Button>
    </Stack>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search title, excerpt, link" />,
  <ReferenceInput key="sourceId" source="sourceId" reference="news-sources" sort={{ field: 'name', order: 'ASC' }} perPage={100} alwaysOn>
    <SelectInput label="Source" optionText="name" />
  </ReferenceInput>,
  <SelectInput key="region" source="region" choices={REGION_CHOICES} alwaysOn />,
  <SelectInput key="category" source="category" choices={CATEGORY_CHOICES} alwaysOn />,
  <NullableBooleanInput key="hidden" source="hidden" label="Hidden" alwaysOn />,
  <NullableBooleanInput key="featured" source="featured" label="Featured" />,
];

function Flags({ article }: { article: AdminArticle }) {
  return (
    <Stack direction="row" spacing={1}>
      {article.featured && <Chip size="small" color="warning" icon={<StarIcon />} label="Featured" />}
      {article.hidden && <Chip size="small" label="Hidden" />}
    </Stack>
  );
}

function ArticleList() {
  return (
    <List sort={{ field: 'publishDate', order: 'DESC' }} filters={filters} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="publishDate" label="Published" showTime />
        <TextField source="title" />
        <TextField source="source" sortable={false} />
        <FunctionField<AdminArticle> label="Region" render={(record) => REGION_LABELS[record.region]} />
        <TextField source="category" />
        <FunctionField<AdminArticle> label="" render={(record) => <Flags article={record} />} />
        <ArticleActions />
      </Datagrid>
    </List>
  );
}

function History() {
  const record = useRecordContext<AdminArticle>();
  if (!record || record.history.length === 0) return <span>No decisions yet.</span>;
  return (
    <MuiList dense disablePadding>
      {record.history.map((entry, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText primary={ACTION_LABELS[entry.action]} secondary={`${new Date(entry.at).toLocaleString('en-NG')} · ${entry.by ?? 'system'}`} />
        </ListItem>
      ))}
    </MuiList>
  );
}

function ArticleShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <ArticleActions />
        <FunctionField<AdminArticle> label="" render={(record) => <Flags article={record} />} />
        <TextField source="title" />
        {/* Text as the worker stored it: no markup from a feed reaches this page. */}
        <TextField source="excerpt" />
        <UrlField source="url" label="Link" target="_blank" rel="noopener noreferrer" />
        <TextField source="source" />
        <FunctionField<AdminArticle> label="Region" render={(record) => REGION_LABELS[record.region]} />
        <TextField source="category" />
        <DateField source="publishDate" label="Published" showTime />
        <DateField source="firstSeenAt" label="First read" showTime />
        <DateField source="lastSeenAt" label="Last seen in its feed" showTime />
        <TextField source="image" />
        <Labeled label="History">
          <History />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: ArticleList, show: ArticleShow, icon: ArticleIcon };
