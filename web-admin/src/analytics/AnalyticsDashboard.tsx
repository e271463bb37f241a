import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import { Alert, Box, Card, CardContent, FormControl, InputLabel, LinearProgress, MenuItem, Select, Stack, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { ConversationFunnelCard } from './ConversationFunnelCard';

const COLOURS = ['#1f6f50', '#2563eb', '#b45309', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#dc2626'];

function ChartCard({ title, children, empty }: { title: string; children: React.ReactElement; empty: boolean }) {
  return (
    <Card sx={{ flex: '1 1 420px', minWidth: 320 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {empty ? (
          <Typography color="text.secondary">No data for this period yet.</Typography>
        ) : (
          <Box sx={{ height: 280 }}>
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Page views per page per day, the most viewed vehicles, the sell-car and trade-in funnels, and Tara's conversation funnel. */
export function AnalyticsDashboard() {
  const [days, setDays] = useState(30);
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const pageViews = useQuery({ queryKey: ['analytics', 'page-views', days], queryFn: async () => answerOf(await dataProvider.getPageViews(days)) });
  const vehicles = useQuery({ queryKey: ['analytics', 'top-vehicles', days], queryFn: async () => answerOf(await dataProvider.getTopVehicles(days)) });
  const funnel = useQuery({ queryKey: ['analytics', 'funnel', days], queryFn: async () => answerOf(await dataProvider.getFunnels(days)) });
  const conversations = useQuery({
    queryKey: ['analytics', 'conversation-funnel', days],
    queryFn: async () => {
      const to = new Date();
      return answerOf(await dataProvider.getConversationFunnel(new Date(to.getTime() - days * 24 * 60 * 60 * 1000), to));
    },
  });

  const pages = [...new Set((pageViews.data ?? []).map((row) => row.page))];
  const byDay = new Map<string, Record<string, number | string>>();
  for (const row of pageViews.data ?? []) {
    const entry = byDay.get(row.day) ?? { day: row.day };
    entry[row.page] = row.views;
    byDay.set(row.day, entry);
  }
  const funnelRows = (funnel.data?.sellCar ?? []).map((step, index) => ({ step: step.step, 'Sell car': step.sessions, 'Trade-in': funnel.data?.tradeIn[index]?.sessions ?? 0 }));
  const failed = pageViews.error ?? vehicles.error ?? funnel.error ?? conversations.error;

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Analytics" />
      <FormControl size="small" sx={{ mb: 2, minWidth: 160 }}>
        <InputLabel id="days-label">Period</InputLabel>
        <Select labelId="days-label" label="Period" value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {[7, 30, 90].map((value) => (
            <MenuItem key={value} value={value}>
              Last {value} days
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {failed ? <Alert severity="error">Could not load analytics: {failed.message}</Alert> : null}
      {pageViews.isPending || vehicles.isPending || funnel.isPending || conversations.isPending ? <LinearProgress aria-label="Loading analytics" /> : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <ChartCard title="Page views per day" empty={byDay.size === 0}>
          <BarChart data={[...byDay.values()]}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {pages.map((page, index) => (
              <Bar key={page} dataKey={page} stackId="views" fill={COLOURS[index % COLOURS.length]} />
            ))}
          </BarChart>
        </ChartCard>
        <ChartCard title="Top vehicles viewed" empty={(vehicles.data ?? []).length === 0}>
          <BarChart data={vehicles.data ?? []} layout="vertical" margin={{ left: 40 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="name" width={160} />
            <Tooltip />
            <Bar dataKey="views" fill={COLOURS[0]} />
          </BarChart>
        </ChartCard>
        <ChartCard title="Sell-car and trade-in funnel (sessions)" empty={funnelRows.every((row) => row['Sell car'] === 0 && row['Trade-in'] === 0)}>
          <BarChart data={funnelRows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="step" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar dataKey="Sell car" fill={COLOURS[0]} />
            <Bar dataKey="Trade-in" fill={COLOURS[1]} />
          </BarChart>
        </ChartCard>
        <ConversationFunnelCard funnel={conversations.data} />
      </Stack>
    </Box>
  );
}
