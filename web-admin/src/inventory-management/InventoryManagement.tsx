import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CanAccess, Title, useDataProvider, useGetList } from 'react-admin';
import { Alert, Box, Button, LinearProgress, List, ListItem, ListItemText, Stack, Tab, Tabs, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DownloadIcon from '@mui/icons-material/Download';
import { AccessDenied, answerOf, type AutoBestDataProvider } from '../dataProvider';
import type { ImportResult } from '@autobest/domain/inventory/adminContracts';
import { formatMoney, fromMajor } from '@autobest/domain/money';
import { CountCards } from '../ui/CountCards';

/** The spec's Inventory Management screen: Load Inventory, Export Data, tabs Overview / Vehicles / Validation. */
export function InventoryManagement() {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<(ImportResult & { at: Date }) | null>(null);
  const stats = useQuery({ queryKey: ['vehicles', 'stats'], queryFn: async () => answerOf(await dataProvider.getInventoryStats()) });
  const recent = useGetList('vehicles', { pagination: { page: 1, perPage: 10 }, sort: { field: 'updatedAt', order: 'DESC' } });
  // The bar shows the file's bytes as 90%; the last 10% is the server checking and saving the vehicles.
  const load = useMutation({
    mutationFn: async (file: File) => answerOf(await dataProvider.importInventory(file, (sent) => setProgress(Math.round(sent * 90)))),
    onMutate: () => {
      setResult(null);
      setProgress(0);
    },
    onSuccess: async (imported) => {
      setProgress(100);
      setResult({ ...imported, at: new Date() });
      setTab(imported.failed ? 2 : 0);
      await queryClient.invalidateQueries();
    },
    onSettled: () => setProgress(null),
  });
  const error = load.error && !(load.error instanceof AccessDenied) ? load.error.message : null;

  const total = stats.data?.total ?? 0;
  return (
    <Box sx={{ p: 2 }}>
      <Title title="Inventory Management" />
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <CanAccess resource="inventory-management" action="import">
          <input
            ref={input}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            hidden
            aria-label="Inventory file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) load.mutate(file);
            }}
          />
          <Button variant="contained" startIcon={<UploadIcon />} disabled={progress !== null} onClick={() => input.current?.click()}>
            Load Inventory
          </Button>
        </CanAccess>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={total === 0} href="/api/admin/vehicles/export.json">
          Export Data
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={total === 0} href="/api/admin/vehicles/export.csv">
          Export CSV
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
        <CountCards
          cards={[
            { label: 'Total vehicles', value: stats.data ? String(stats.data.total) : '…' },
            { label: 'Average price', value: stats.data ? formatMoney(fromMajor(stats.data.avgPrice, 'USD')) : '…' },
            { label: 'Brands', value: stats.data ? String(Object.keys(stats.data.byBrand).length) : '…' },
            { label: 'Categories', value: stats.data ? String(Object.keys(stats.data.byCategory).length) : '…' },
          ]}
        />
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
