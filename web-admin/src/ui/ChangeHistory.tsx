import { List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** One change of a record edited in place: when, who (by name, from the API), and the fields it set. */
export interface RecordChange {
  at: string;
  by: string | null;
  changes: Record<string, unknown>;
}

/**
 * The `history` of the record in context, oldest first: the fields each change set, when and by whom. `firstIsAdded`:
 * the first entry is the record being added (news sources keep it), so it reads "Added" and the rest "Changed".
 */
export function ChangeHistory({
  empty = 'No change since it was added.',
  firstIsAdded = false,
  formatValue = (_field, value) => String(value),
}: {
  empty?: string;
  firstIsAdded?: boolean;
  /** A field's value as staff read it (a share as a percentage). */
  formatValue?: (field: string, value: unknown) => string;
}) {
  const record = useRecordContext<{ id: string; history: RecordChange[] }>();
  if (!record) return null;
  if (record.history.length === 0) return <Typography variant="body2">{empty}</Typography>;
  return (
    <MuiList dense disablePadding>
      {record.history.map((change, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={Object.entries(change.changes)
              .map(([field, value]) => `${field}: ${formatValue(field, value)}`)
              .join(', ')}
            secondary={`${firstIsAdded ? (index === 0 ? 'Added ' : 'Changed ') : ''}${new Date(change.at).toLocaleString('en-NG')} · ${change.by ?? 'system'}`}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}
