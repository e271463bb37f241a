import { List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

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
              .map(([field, value]) => `${field}: ${String(value)}`)
              .join(', ')}
            secondary={`${new Date(change.at).toLocaleString('en-NG')} · ${change.by ?? 'system'}`}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}

/** A share as staff read it: 0.075 → "7.5%". */
export const percent = (share: number) => `${Math.round(share * 100_000) / 1000}%`;

/** Client-side check of a share; the API checks it again. */
export const shareBetween0And1 = (value: unknown) => (typeof value === 'number' && (value < 0 || value > 1) ? 'A rate is a share between 0 and 1 (0% to 100%): 0.015 for 1.5%' : undefined);
