import type { Sweep } from './housekeeping';

/**
 * Staff sessions past their absolute expiry or idle for longer than SESSION_IDLE_MINUTES. The API already refuses
 * them; deleting them keeps the table small and leaves no usable row behind.
 */
export const endedStaffSessions: Sweep = {
  name: 'ended-staff-sessions',
  schedule: '0 * * * *',
  async run({ db, config, now }) {
    const idleSince = new Date(now.getTime() - config.sessionIdleMinutes * 60_000);
    const result = await db
      .deleteFrom('staff_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
