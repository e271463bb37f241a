import { List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { percent } from './percent';

/** Fields kept as shares, shown as percentages. */
const SHARE_FIELDS: ReadonlySet<string> = new Set(['insuranceRate']);

interface WithHistory {
  history: Array<{ at: string; by: string | null; changes: Record<string, string | number> }>;
}

/** Every change staff made to a freight rate or a charge, oldest first. */
export function RateHistory() {
  const record = useRecordContext<WithHistory & { id: string }>();
  if (!record) return null;
  if (record.history.length === 0) return <Typography variant="body2">No change since it was added.</Typography>;
  return (
    <MuiList dense disablePadding>
      {record.history.map((change, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={Object.entries(change.changes)
              .map(([field, value]) => `${field}: ${SHARE_FIELDS.has(field) && typeof value === 'number' ? percent(value) : String(value)}`)
              .join(', ')}
            secondary={`${new Date(change.at).toLocaleString('en-NG')} · ${change.by ?? 'system'}`}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}
