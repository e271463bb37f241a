import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { Datagrid, DateField, Edit, FunctionField, List, SaveButton, SearchInput, SelectInput, SimpleForm, TextField, TextInput, Toolbar, TopToolbar, required } from 'react-admin';
import { Typography } from '@mui/material';
import type { TaraAnswerRecord } from '@autobest/domain/assistant/contracts';

/** What each topic answers: Tara gives the text to a visitor who asks about it in its language (English when none). */
const TOPIC_LABELS: Record<TaraAnswerRecord['topic'], string> = {
  delivery: 'Delivery times',
  documents: 'Documents and customs',
  inspection: 'Inspection and test drives',
  warranty: 'Warranty',
};
const TOPIC_CHOICES = Object.entries(TOPIC_LABELS).map(([id, name]) => ({ id, name }));
const LANGUAGE_CHOICES = [
  { id: 'en', name: 'English' },
  { id: 'fr', name: 'French' },
  { id: 'ar', name: 'Arabic' },
  { id: 'sw', name: 'Swahili' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search the answers" />,
  <SelectInput key="topic" source="topic" choices={TOPIC_CHOICES} alwaysOn />,
  <SelectInput key="language" source="language" choices={LANGUAGE_CHOICES} alwaysOn />,
];

function TaraAnswerList() {
  return (
    <List sort={{ field: 'topic', order: 'ASC' }} filters={filters} exporter={false} perPage={25}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField<TaraAnswerRecord> label="Topic" sortBy="topic" render={(record) => TOPIC_LABELS[record.topic]} />
        <TextField source="language" />
        <FunctionField<TaraAnswerRecord> label="Answer" render={(record) => <Typography variant="body2" sx={{ maxWidth: 560 }}>{record.text}</Typography>} />
        <TextField source="updatedBy" label="Edited by" emptyText="(seeded)" sortable={false} />
        <DateField source="updatedAt" label="Edited" showTime />
      </Datagrid>
    </List>
  );
}

const TaraAnswerEdit = () => (
  <Edit mutationMode="pessimistic" actions={<TopToolbar />}>
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <FunctionField<TaraAnswerRecord> label="Topic" render={(record) => `${TOPIC_LABELS[record.topic]} (${record.language})`} />
      <TextInput
        source="text"
        label="Tara's answer"
        multiline
        minRows={4}
        fullWidth
        validate={required('The answer is required')}
        helperText="Tara says this, as written, to a visitor who asks about this topic in this language. It takes effect at once."
      />
    </SimpleForm>
  </Edit>
);

export default { list: TaraAnswerList, edit: TaraAnswerEdit, icon: QuestionAnswerIcon };
