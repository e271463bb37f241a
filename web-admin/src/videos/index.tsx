import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import {
  Datagrid,
  DateField,
  DateInput,
  DeleteButton,
  EditButton,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import { List as MuiList, ListItem, ListItemText } from '@mui/material';
import type { AdminReviewVideo } from '@autobest/domain/news/contracts';
import { VIDEO_CATEGORY_CHOICES } from '../news-sources/choices';
import { formPages } from '../ui/formPages';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search title, brand, model, channel" />,
  <TextInput key="brand" source="brand" label="Brand" alwaysOn />,
  <SelectInput key="category" source="category" choices={VIDEO_CATEGORY_CHOICES} alwaysOn />,
];

function VideoList() {
  return (
    <List sort={{ field: 'publishDate', order: 'DESC' }} filters={filters} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <DateField source="publishDate" label="Published" />
        <TextField source="title" />
        <TextField source="brand" />
        <TextField source="model" />
        <TextField source="category" />
        <TextField source="channel" />
        <NumberField source="views" />
        <NumberField source="rating" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" confirmTitle="Delete video" confirmContent="Visitors will no longer see this video. Its history is kept." />
      </Datagrid>
    </List>
  );
}

/** Title, channel, brand and model are required; the API fills the spec's defaults for the rest and checks everything again. */
function VideoInputs() {
  return (
    <>
      <TextInput source="title" validate={required('Title is required')} fullWidth />
      <TextInput source="channel" validate={required('Channel is required')} />
      <TextInput source="brand" validate={required('Brand is required')} />
      <TextInput source="model" validate={required('Model is required')} />
      <SelectInput source="category" label="Body type" choices={VIDEO_CATEGORY_CHOICES} defaultValue="SUV" />
      <TextInput source="description" multiline fullWidth />
      <TextInput source="videoUrl" label="Video URL" fullWidth helperText="A YouTube video's address plays on the page (loaded only when the visitor presses play); '#' or empty for none" />
      <TextInput source="thumbnail" fullWidth helperText="An image on this site, e.g. /vehicles/suv.svg or an uploaded vehicle image (empty: the placeholder)" />
      <TextInput source="duration" helperText="e.g. 12:34 (empty: 0:00)" />
      <NumberInput source="rating" min={0} max={5} step={0.1} helperText="0 to 5; 0 shows no star badge" />
      <NumberInput source="views" min={0} step={1} />
      <DateInput source="publishDate" label="Published" helperText="Empty: today" />
    </>
  );
}

function History() {
  const record = useRecordContext<AdminReviewVideo>();
  if (!record) return null;
  return (
    <MuiList dense disablePadding>
      {record.history.map((entry, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={entry.action === 'added' ? 'Added' : `Changed: ${entry.fields.join(', ')}`}
            secondary={`${new Date(entry.at).toLocaleString('en-NG')} · ${entry.by ?? 'system'}`}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}

export default { list: VideoList, ...formPages({ inputs: VideoInputs, history: <History /> }), icon: OndemandVideoIcon };
