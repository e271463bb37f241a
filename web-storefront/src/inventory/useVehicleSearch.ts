import { useEffect, useState } from 'react';
import type { VehicleSearchResult } from '@autobest/domain/inventory/contracts';
import type { ShownMessage } from '../api/domainMessages';
import { failedReadMessage, getJson } from './api';

export type SearchState = { phase: 'loading' } | { phase: 'ready'; result: VehicleSearchResult; query: string } | { phase: 'failed'; message: ShownMessage };

/** Runs a catalogue search whenever its query string changes; earlier results stay while new ones load. */
export function useVehicleSearch(queryString: string) {
  const [state, setState] = useState<SearchState>({ phase: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getJson<VehicleSearchResult>(`/api/vehicles?${queryString}`, controller.signal)
      .then((result) => setState({ phase: 'ready', result, query: queryString }))
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'AbortError') return;
        setState({ phase: 'failed', message: failedReadMessage(error) });
      });
    return () => controller.abort();
  }, [queryString]);
  const updating = state.phase === 'ready' && state.query !== queryString;
  return { state, updating };
}
