import { useT } from '../../i18n';
import { draftMessages } from './messages';

/**
 * What a form page says about its connection: nothing while online and nothing waits; offline, that what is typed is
 * kept; once submitted with no connection, that it will be sent when the connection returns (with a button to try now).
 */
export function DraftNotice({
  online,
  waiting,
  sending,
  onSendNow,
  photos = true,
}: {
  online: boolean;
  waiting: boolean;
  sending: boolean;
  onSendNow(): void;
  /** The form takes photos, and the offline notice says they are kept too. */
  photos?: boolean;
}) {
  const t = useT(draftMessages);
  if (!waiting && online) return null;
  return (
    <div className="notice draft-notice" role="status">
      <p>{waiting ? t('waiting') : photos ? t('offline') : t('offlineText')}</p>
      {waiting ? (
        <button type="button" className="button button-secondary button-small" disabled={sending} onClick={onSendNow}>
          {t('sendNow')}
        </button>
      ) : null}
    </div>
  );
}
