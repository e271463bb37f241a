import { useCallback, useEffect, useRef, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { browserChecks, QA_FRAME_NAME, type BrowserCheck, type FrameDriver } from './browserChecks';
import { scoreOf, type CheckRow } from './types';
import { CountCards } from '../ui/CountCards';

const FRAME_LOAD_TIMEOUT_MS = 20_000;

const STATE_CHIPS = {
  pending: { label: 'Pending', color: 'default' },
  loading: { label: 'Running', color: 'info' },
  pass: { label: 'Pass', color: 'success' },
  warning: { label: 'Warning', color: 'warning' },
  fail: { label: 'Fail', color: 'error' },
} as const;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The QA dashboard (/qa-test in the spec): the server's checks of the running system, then the storefront
 * opened page by page in a hidden frame, each check pending, running, then pass, warning or fail.
 */
export function QaDashboard() {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const frame = useRef<HTMLIFrameElement>(null);
  const [rows, setRows] = useState<CheckRow[]>([]);
  const [loadError, setLoadError] = useState<string>();
  const [running, setRunning] = useState(false);
  const [finishedAt, setFinishedAt] = useState<Date>();
  const clientChecks = useRef<BrowserCheck[]>([]);
  const runId = useRef(0);

  /** Loads a storefront address in the frame; resolves when its document has loaded. */
  const driver = useCallback((): FrameDriver & { document(): Document | null } => {
    const element = () => {
      if (!frame.current) throw new Error('The test frame is gone');
      return frame.current;
    };
    return {
      document: () => frame.current?.contentDocument ?? null,
      open: (path) =>
        new Promise((resolve, reject) => {
          const iframe = element();
          const started = performance.now();
          const timer = setTimeout(() => {
            iframe.removeEventListener('load', loaded);
            reject(new Error(`${path} did not load within ${FRAME_LOAD_TIMEOUT_MS / 1000} s`));
          }, FRAME_LOAD_TIMEOUT_MS);
          function loaded() {
            clearTimeout(timer);
            iframe.removeEventListener('load', loaded);
            const document = iframe.contentDocument;
            if (!document) reject(new Error(`${path} could not be read (another origin?)`));
            else resolve({ document, loadMs: performance.now() - started });
          }
          iframe.addEventListener('load', loaded);
          iframe.src = path;
        }),
    };
  }, []);

  const update = (id: string, change: Partial<CheckRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  /** Runs one check and shows its outcome; a check that throws fails with what it threw. */
  const runOne = useCallback(
    async (id: string) => {
      update(id, { state: 'loading', detail: undefined, durationMs: undefined });
      const started = performance.now();
      try {
        const client = clientChecks.current.find((check) => check.id === id);
        if (client) {
          const outcome = await client.run(driver());
          update(id, { state: outcome.status, detail: outcome.detail, durationMs: Math.round(performance.now() - started) });
        } else {
          const result = answerOf(await dataProvider.runQaCheck(id));
          update(id, { state: result.status, detail: result.detail, durationMs: result.durationMs });
        }
      } catch (error) {
        update(id, { state: 'fail', detail: messageOf(error), durationMs: Math.round(performance.now() - started) });
      }
    },
    [dataProvider, driver],
  );

  const runAll = useCallback(async () => {
    const run = ++runId.current;
    setRunning(true);
    setFinishedAt(undefined);
    setLoadError(undefined);
    try {
      const serverChecks = answerOf(await dataProvider.getQaChecks());
      clientChecks.current = browserChecks(async () => answerOf(await dataProvider.getFirstListedVehicle()));
      const all = [...serverChecks, ...clientChecks.current];
      setRows(all.map(({ id, group, name }) => ({ id, group, name, state: 'pending' })));
      // One at a time: the frame shows one page, and each result appears as it comes.
      for (const check of all) {
        if (runId.current !== run) return;
        await runOne(check.id);
      }
      setFinishedAt(new Date());
    } catch (error) {
      setLoadError(messageOf(error));
    } finally {
      if (runId.current === run) setRunning(false);
    }
  }, [dataProvider, runOne]);

  // Opening the dashboard runs the suite; leaving it stops the run.
  useEffect(() => {
    const start = setTimeout(() => void runAll(), 0);
    return () => {
      clearTimeout(start);
      runId.current += 1;
    };
  }, [runAll]);

  const done = rows.filter((row) => row.state !== 'pending' && row.state !== 'loading').length;
  const count = (state: CheckRow['state']) => rows.filter((row) => row.state === state).length;
  const groups = [...new Set(rows.map((row) => row.group))];
  const score = scoreOf(rows);

  return (
    <Box sx={{ p: 2 }}>
      <Title title="QA Testing Dashboard" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          QA Testing Dashboard
        </Typography>
        <Button variant="contained" startIcon={<PlayArrowIcon />} disabled={running} onClick={() => void runAll()}>
          {running ? 'Running checks...' : 'Run all checks'}
        </Button>
      </Stack>
      {loadError ? <Alert severity="error">Could not run the checks: {loadError}</Alert> : null}
      <CountCards
        cards={(
          [
            ['Score', running ? '…' : `${score}%`],
            ['Passed', count('pass')],
            ['Warnings', count('warning')],
            ['Failed', count('fail')],
            ['Checks', rows.length],
          ] as const
        ).map(([label, value]) => ({ label, value, testId: `qa-${label.toLowerCase()}` }))}
      />
      <Typography variant="body2" id="qa-progress-label">
        {rows.length === 0 ? 'Loading the checks...' : `${done} of ${rows.length} checks done${finishedAt ? ` · finished at ${finishedAt.toLocaleTimeString()}` : ''}`}
      </Typography>
      <LinearProgress
        variant={rows.length === 0 ? 'indeterminate' : 'determinate'}
        value={rows.length === 0 ? 0 : (done / rows.length) * 100}
        aria-labelledby="qa-progress-label"
        sx={{ mb: 2, height: 8, borderRadius: 4 }}
      />
      {groups.map((group) => (
        <Box key={group} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {group}
          </Typography>
          <Table size="small" aria-label={group}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 120 }}>Result</TableCell>
                <TableCell>Check</TableCell>
                <TableCell>Details</TableCell>
                <TableCell sx={{ width: 90 }} align="right">
                  Time
                </TableCell>
                <TableCell sx={{ width: 60 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows
                .filter((row) => row.group === group)
                .map((row) => (
                  <TableRow key={row.id} data-check={row.id} data-state={row.state}>
                    <TableCell>
                      {row.state === 'loading' ? <CircularProgress size={16} aria-label={`Running ${row.name}`} sx={{ mr: 1, verticalAlign: 'middle' }} /> : null}
                      <Chip size="small" label={STATE_CHIPS[row.state].label} color={STATE_CHIPS[row.state].color} />
                    </TableCell>
                    <TableCell>{row.name}</TableCell>
                    <TableCell>{row.detail ?? ''}</TableCell>
                    <TableCell align="right">{row.durationMs === undefined ? '' : `${row.durationMs} ms`}</TableCell>
                    <TableCell>
                      <Tooltip title="Run again">
                        <span>
                          <IconButton size="small" aria-label={`Run '${row.name}' again`} disabled={running || row.state === 'loading'} onClick={() => void runOne(row.id)}>
                            <ReplayIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
            </TableBody>
          </Table>
        </Box>
      ))}
      {/* The storefront as a visitor sees it, out of sight and out of the tab order; it records no analytics here. */}
      <iframe
        ref={frame}
        name={QA_FRAME_NAME}
        title="Storefront under test"
        aria-hidden="true"
        tabIndex={-1}
        style={{ position: 'fixed', left: -10_000, top: 0, width: 412, height: 823, border: 0, visibility: 'hidden' }}
      />
    </Box>
  );
}
