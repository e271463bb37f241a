import { describe, expect, it } from 'vitest';
import { runsMissedSince, SCHEDULE_GRACE_MS } from '../src/http/schedules';

const at = (iso: string) => Date.parse(iso);

describe('runs missed since a refresh, by the installation\'s cron pattern', () => {
  it('counts the runs that fell due after the refresh, each given its grace to finish', () => {
    const refreshed = at('2026-11-25T06:00:30Z');
    expect(runsMissedSince('0 */6 * * *', refreshed, at('2026-11-25T11:59:00Z'))).toBe(0);
    // The noon run is due, but still has its grace to finish.
    expect(runsMissedSince('0 */6 * * *', refreshed, at('2026-11-25T12:00:00Z') + SCHEDULE_GRACE_MS - 1)).toBe(0);
    expect(runsMissedSince('0 */6 * * *', refreshed, at('2026-11-25T12:00:00Z') + SCHEDULE_GRACE_MS + 1)).toBe(1);
    expect(runsMissedSince('0 */6 * * *', refreshed, at('2026-11-26T06:05:00Z'))).toBe(4);
  });

  it('follows a daily schedule: a refresh 20 hours old missed nothing', () => {
    expect(runsMissedSince('0 3 * * *', at('2026-11-25T03:00:10Z'), at('2026-11-25T23:00:00Z'))).toBe(0);
    expect(runsMissedSince('0 3 * * *', at('2026-11-25T03:00:10Z'), at('2026-11-27T04:00:00Z'))).toBe(2);
  });

  it('stops counting at the cap', () => {
    expect(runsMissedSince('* * * * *', at('2026-11-25T00:00:00Z'), at('2026-11-26T00:00:00Z'), 3)).toBe(3);
  });
});
