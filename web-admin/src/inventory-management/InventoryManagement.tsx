import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useGetList } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Stack, Tab, Tabs, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DownloadIcon from '@mui/icons-material/Download';

interface ImportResult {
  total: number;
  succeeded: number;
  failed: number;
  errors: string[];
}

interface InventoryStats {
  total: number;
  byCategory: Record<string, number>;
  byBrand: Record<string, number>;
  avgPrice: number;
}

/** Sends the file with XMLHttpRequest so the bar shows the bytes really sent. */
function uploadInventory(file: File, onProgress: (percent: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/vehicles/import');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 90));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: { message: 'Could not reach the server' } });
    xhr.send(form);
  });
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The spec's Inventory Management screen: Load Inventory, Export Data, tabs Overview / Vehicles / Validation. */
export function InventoryManagement() {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<(ImportResult & { at: Date }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stats = useQuery({
    queryKey: ['vehicles', 'stats'],
    queryFn: async () => (await (await fetch('/api/vehicles/stats', { credentials: 'same-origin' })).json()) as InventoryStats,
  });
  const recent = useGetList('vehicles', { pagination: { page: 1, perPage: 10 }, sort: { field: 'updatedAt', order: 'DESC' } });

  const load = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setResult(null);
    setProgress(0);
    const response = await uploadInventory(file, setProgress);
    setProgress(100);
    const body = response.body as Partial<ImportResult> & { message?: string };
    if (response.status === 200 && typeof body.succeeded === 'number') {
      setResult({ ...(body as ImportResult), at: new Date() });
      setTab(body.failed ? 2 : 0);
      await queryClient.invalidateQueries();
    } else {
      setError(body?.message ?? 'Failed to load inventory');
    }
    setProgress(null);
  };

  const total = stats.data?.total ?? 0;
  return (
    <Box sx={{ p: 2 }}>
      <Title title="Inventory Management" />
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <input ref={input} type="file" accept=".json,.csv,application/json,text/csv" hidden aria-label="Inventory file" onChange={(event) => void load(event.target.files?.[0]).finally(() => (event.target.value = ''))} />
        <Button variant="contained" startIcon={<UploadIcon />} disabled={progress !== null} onClick={() => input.current?.click()}>
          Load Inventory
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={total === 0} href="/api/admin/vehicles/export.json">
          Export Data
        </Button>
      </Stack>
      {progress !== null ? <LinearProgress variant="determinate" value={progress} aria-label="Import progress" sx={{ mb: 2 }} /> : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {result ? (
        <Alert severity={result.failed ? 'warning' : 'success'} sx={{ mb: 2 }}>
          Successfully loaded {result.succeeded} vehicles{result.failed ? `; ${result.failed} vehicles failed validation` : ''}. Last updated {result.at.toLocaleString('en-NG')}.
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} aria-label="Inventory views">
        <Tab label="Overview" />
        <Tab label="Vehicles" />
        <Tab label="Validation" />
      </Tabs>
      {tab === 0 ? (
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
          {[
            ['Total vehicles', stats.data ? String(stats.data.total) : '…'],
            ['Average price', stats.data ? USD.format(stats.data.avgPrice) : '…'],
            ['Brands', stats.data ? String(Object.keys(stats.data.byBrand).length) : '…'],
            ['Categories', stats.data ? String(Object.keys(stats.data.byCategory).length) : '…'],
          ].map(([label, value]) => (
            <Card key={label} sx={{ minWidth: 180 }}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="h5" component="p">
                  {value}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : null}
      {tab === 1 ? (
        <List dense>
          {(recent.data ?? []).map((vehicle) => (
            <ListItem key={vehicle.id} disableGutters>
              <ListItemText primary={`${String(vehicle['year'])} ${String(vehicle['name'])}`} secondary={`${String(vehicle['id'])} · ${String(vehicle['category'])}`} />
            </ListItem>
          ))}
        </List>
      ) : null}
      {tab === 2 ? (
        result && result.errors.length > 0 ? (
          <List dense>
            {result.errors.map((line, index) => (
              <ListItem key={index} disableGutters>
                <ListItemText primary={line} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography sx={{ mt: 2 }}>No validation problems in the last import. Valid years are 2020-2025; every vehicle needs an ID, name, brand, model, price, an image, specifications and a category.</Typography>
        )
      ) : null}
    </Box>
  );
}
