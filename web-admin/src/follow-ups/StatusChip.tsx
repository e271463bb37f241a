import { Chip } from '@mui/material';
import type { StatusWorkflow } from './workflow';

/** A followed-up record's status, coloured as its workflow says. */
export function StatusChip<Status extends string>({ workflow, status }: { workflow: StatusWorkflow<Status>; status: Status }) {
  return <Chip size="small" label={workflow.labels[status]} color={workflow.colours[status]} />;
}
