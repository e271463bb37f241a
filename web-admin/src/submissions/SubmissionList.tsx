import {
  Datagrid,
  DateField,
  DeleteButton,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  ShowButton,
  TextField,
  TopToolbar,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { StatsCountCards } from '../ui/CountCards';
import { ExportCsvButton } from '../ui/ExportCsvButton';
import { ListValueInput } from '../ui/ListValueInput';
import { StatusChip } from '../follow-ups/StatusChip';
import { SUBMISSION_WORKFLOW, statusChoices } from '../follow-ups/workflow';
import { formatKm, formatNaira } from './format';
import type { SubmissionRecord } from '@autobest/domain/submissions/contracts';
import type { SubmissionKindInfo } from '@autobest/domain/submissions/kinds';
import { dateFilters } from '../ui/dateFilters';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this submission? This action cannot be undone.';

/** The spec's filters; make, model and year list what this kind's requests hold. */
const filtersOf = (resource: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search ID, name, email, phone, make, model, year" />,
  <SelectInput key="status" source="status" choices={statusChoices(SUBMISSION_WORKFLOW)} />,
  <ListValueInput key="make" resource={resource} source="make" values="make" label="Make" />,
  <ListValueInput key="model" resource={resource} source="model" values="model" label="Model" />,
  <ListValueInput key="year" resource={resource} source="year" values="year" label="Year" />,
  ...dateFilters,
];

/** The four count cards: total, pending, reviewed, finalized. */
const COUNT_CARDS = [{ key: 'total', label: 'Total' }, ...SUBMISSION_WORKFLOW.statuses.map((status) => ({ key: status, label: SUBMISSION_WORKFLOW.labels[status] }))];

function ListActions({ resource }: { resource: string }) {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton resource={resource} />
    </TopToolbar>
  );
}

/** The first photo's small copy (never the full image: a page lists 25 requests). */
function FrontThumbnail({ record }: { record: SubmissionRecord }) {
  const [photo] = record.photos;
  if (!photo?.thumbnailUrl) return <Box sx={{ width: 64, height: 48, borderRadius: 1, bgcolor: 'action.hover' }} />;
  return <img src={photo.thumbnailUrl} alt={photo.label} width={64} height={48} loading="lazy" style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} />;
}

function Empty() {
  return (
    <Typography sx={{ p: 4 }} align="center">
      No submissions found
    </Typography>
  );
}

export function makeSubmissionList(config: SubmissionKindInfo) {
  return function SubmissionList() {
    return (
      <>
        <StatsCountCards resource={config.resource} cards={COUNT_CARDS} label="Submission counts" />
        <List
          resource={config.resource}
          title={`${config.name} Requests`}
          sort={{ field: 'submittedAt', order: 'DESC' }}
          filters={filtersOf(config.resource)}
          actions={<ListActions resource={config.resource} />}
          exporter={false}
          perPage={25}
          empty={<Empty />}
        >
          <Datagrid rowClick="show" bulkActionButtons={false} empty={<Empty />}>
            <FunctionField<SubmissionRecord> label="Photo" render={(record) => <FrontThumbnail record={record} />} />
            <TextField source="id" label="ID" />
            <DateField source="submittedAt" label="Date" showTime />
            <FunctionField<SubmissionRecord>
              label="Customer"
              sortBy="fullName"
              render={(record) => (
                <span>
                  {record.fullName}
                  <br />
                  <Typography variant="caption" color="text.secondary">
                    {record.email}
                  </Typography>
                </span>
              )}
            />
            <FunctionField<SubmissionRecord>
              label="Vehicle"
              sortBy="make"
              render={(record) => (
                <span>
                  {record.year} {record.make} {record.model}
                  <br />
                  <Typography variant="caption" color="text.secondary">
                    {formatKm(record.odometer)}
                  </Typography>
                </span>
              )}
            />
            <FunctionField<SubmissionRecord> label="Status" sortBy="status" render={(record) => <StatusChip workflow={SUBMISSION_WORKFLOW} status={record.status} />} />
            <FunctionField<SubmissionRecord> label={config.valueLabel} sortBy={config.valueField} render={(record) => formatNaira(record[config.valueField])} />
            <ShowButton />
            <DeleteButton mutationMode="pessimistic" confirmTitle="Delete submission" confirmContent={DELETE_CONFIRMATION} />
          </Datagrid>
        </List>
      </>
    );
  };
}
