import { useEffect, useState } from 'react';
import { ApiFailure, getJson, type SearchResult } from './api';

export type SearchState = { phase: 'loading' } | { phase: 'ready'; result: SearchResult; query: string } | { phase: 'failed'; message: string };

/** Runs a catalogue search whenever its query string changes; earlier results stay while new ones load. */
export function useVehicleSearch(queryString: string) {
  const [state, setState] = useState<SearchState>({ phase: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getJson<SearchResult>(`/api/vehicles?${queryString}`, controller.signal)
      .then((result) => setState({ phase: 'ready', result, query: queryString }))
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'AbortError') return;
        setState({ phase: 'failed', message: error instanceof ApiFailure ? error.message : 'Failed to fetch vehicles' });
      });
    return () => controller.abort();
  }, [queryString]);
  const updating = state.phase === 'ready' && state.query !== queryString;
  return { state, updating };
}
