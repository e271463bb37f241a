import { useFormat, useT } from '../i18n';
import { offlineMessages } from './messages';
import { useOnline } from './savedAnswers';

/**
 * "Saved 29 Nov, 09:14 — you are offline": drawn by the layout while the page shows copies the service worker kept
 * (no connection, or one too slow to answer in time); `savedAt` is the oldest of them (ms since 1970).
 */
export default function OfflineNote({ savedAt }: { savedAt: number }) {
  const t = useT(offlineMessages);
  const format = useFormat();
  const online = useOnline();
  const time = format.date(new Date(savedAt), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <p className="notice offline-note" role="status" data-saved-at={new Date(savedAt).toISOString()}>
      {t(online ? 'savedSlow' : 'savedOffline', { time })}
    </p>
  );
}
