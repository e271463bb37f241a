import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Typography } from '@mui/material';
import { Loading, Title, useDataProvider } from 'react-admin';
import type { AutoBestDataProvider } from '../dataProvider';
import { CountCards } from '../ui/CountCards';
import { homeSections } from './homeCards';

/** The console's home (react-admin's dashboard): what waits for this staff member, each card opening its list. */
export function ConsoleHome() {
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['console-home'],
    queryFn: async () => (await dataProvider.getConsoleHome()).data,
  });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Home" />
      <Typography variant="h5" component="h1">
        What needs doing
      </Typography>
      {isPending ? <Loading /> : error ? <Alert severity="error">The counts could not be read: {error.message}</Alert> : <HomeSections sections={homeSections(data)} />}
    </Box>
  );
}

export function HomeSections({ sections }: { sections: ReturnType<typeof homeSections> }) {
  if (sections.length === 0) return <Typography sx={{ mt: 2 }}>Nothing here for your role: use the menu.</Typography>;
  return (
    <>
      {sections.map(({ title, cards }) => (
        <Box component="section" key={title} sx={{ mt: 2 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <CountCards label={title} cards={cards} />
        </Box>
      ))}
    </>
  );
}
