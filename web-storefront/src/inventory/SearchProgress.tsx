import { useT } from '../i18n';
import { useSayRequestMessage } from '../api/domainMessages';
import { inventoryMessages } from './messages';
import type { SearchState } from './useVehicleSearch';

/** What a catalogue page says while its first search loads, or when the search failed. */
export function SearchProgress({ state, loading, failed }: { state: SearchState; loading: 'loadingInventory' | 'loadingVehicles'; failed: 'errorInventory' | 'errorVehicles' }) {
  const t = useT(inventoryMessages);
  const say = useSayRequestMessage();
  if (state.phase === 'loading') return <p role="status">{t(loading)}</p>;
  if (state.phase === 'failed') {
    return (
      <p role="alert" className="notice notice-error">
        {t(failed, { message: say(state.message) })}
      </p>
    );
  }
  return null;
}
