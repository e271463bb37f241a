import type { ReactElement, ReactNode } from 'react';
import { Datagrid, FunctionField, List, SelectInput, ShowButton, TopToolbar, useListContext } from 'react-admin';
import { Typography } from '@mui/material';
import type { FollowUpFields } from '@autobest/domain/followUps/contracts';
import { StatsCountCards } from '../ui/CountCards';
import { ExportCsvButton } from '../ui/ExportCsvButton';
import { StatusChip } from './StatusChip';
import { FOLLOW_UP_WORKFLOW, statusChoices } from './workflow';

/** The status filter every followed-up list has. */
export const statusFilter = <SelectInput key="status" source="status" label="Status" choices={statusChoices(FOLLOW_UP_WORKFLOW)} alwaysOn />;

const COUNT_CARDS = [{ key: 'total', label: 'Total' }, ...FOLLOW_UP_WORKFLOW.statuses.map((status) => ({ key: status, label: FOLLOW_UP_WORKFLOW.labels[status] }))];

/** The cards follow the list's filters (all but the status: they show every status side by side). */
function FollowUpCountCards({ resource, label }: { resource: string; label: string }) {
  const { filterValues } = useListContext();
  const { status: _status, ...filter } = (filterValues ?? {}) as Record<string, unknown>;
  return <StatsCountCards resource={resource} cards={COUNT_CARDS} label={label} filter={filter} />;
}

/** The status column of a followed-up list. */
export const statusColumn = <FunctionField<FollowUpFields> key="status" label="Status" sortBy="status" render={(record) => <StatusChip workflow={FOLLOW_UP_WORKFLOW} status={record.status} />} />;

/**
 * A followed-up list, one way for enquiries, contact messages and reservations: count cards per status, the filters,
 * CSV export of everything they keep, newest first, 25 a page, a row opens the record (and so does its Show link, for
 * the keyboard: a row is not focusable).
 */
export function FollowUpList({
  resource,
  title,
  sortField,
  filters,
  countsLabel,
  empty,
  children,
}: {
  resource: string;
  title?: string;
  sortField: string;
  filters: ReactElement[];
  countsLabel: string;
  empty: string;
  children: ReactNode;
}) {
  const nothing = (
    <Typography sx={{ p: 4 }} align="center">
      {empty}
    </Typography>
  );
  return (
    <List
      resource={resource}
      {...(title ? { title } : {})}
      sort={{ field: sortField, order: 'DESC' }}
      filters={filters}
      actions={
        <TopToolbar>
          <ExportCsvButton resource={resource} />
        </TopToolbar>
      }
      exporter={false}
      perPage={25}
      empty={false}
    >
      <FollowUpCountCards resource={resource} label={countsLabel} />
      <Datagrid rowClick="show" bulkActionButtons={false} empty={nothing}>
        {children}
        <ShowButton />
      </Datagrid>
    </List>
  );
}
