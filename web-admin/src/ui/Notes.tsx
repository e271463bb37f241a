import { useState } from 'react';
import { Box, Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';

export interface Note {
  text: string;
  at: string;
  by: string | null;
}

/**
 * Staff notes on a record, oldest first, and the box to add one. `onAdd` gets the text and a function that empties
 * the box, to call once the note is saved.
 */
export function Notes({ notes, busy, onAdd }: { notes: readonly Note[]; busy: boolean; onAdd: ((text: string, clear: () => void) => void) | undefined }) {
  const [text, setText] = useState('');
  return (
    <Box>
      <Typography variant="subtitle2">Notes</Typography>
      {notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No notes yet.
        </Typography>
      ) : (
        <List dense>
          {notes.map((note, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText primary={note.text} secondary={`${note.by ?? 'staff'} · ${new Date(note.at).toLocaleString('en-NG')}`} sx={{ whiteSpace: 'pre-wrap' }} />
            </ListItem>
          ))}
        </List>
      )}
      {/* Without onAdd (someone whose role may not change requests) the notes are read only. */}
      {onAdd && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField size="small" label="Add a note" value={text} onChange={(event) => setText(event.target.value)} multiline minRows={2} sx={{ flex: 1 }} />
          <Button variant="contained" disabled={busy || text.trim() === ''} onClick={() => onAdd(text, () => setText(''))}>
            Add note
          </Button>
        </Stack>
      )}
    </Box>
  );
}
