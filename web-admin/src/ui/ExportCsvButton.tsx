import { Button, useListContext } from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';

/** The server writes the CSV over the whole filtered set (not just this page), formula-safe. */
export function ExportCsvButton({ resource }: { resource: string }) {
  const { filterValues, total } = useListContext();
  const href = `/api/admin/${resource}/export.csv?filter=${encodeURIComponent(JSON.stringify(filterValues ?? {}))}`;
  return (
    <Button label="Export CSV" disabled={!total} onClick={() => window.location.assign(href)}>
      <DownloadIcon />
    </Button>
  );
}
