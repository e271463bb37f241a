import { describe, expect, it } from 'vitest';
import { cronPatternProblem } from '@autobest/domain';
import { seededRandom } from '@autobest/domain/testing';
import { nextRunAfter, runFellDueSince } from '../src/platform/cronScheduler';

/** Does BullMQ (cron-parser underneath) take the pattern and find a next run? */
function bullmqAccepts(pattern: string): boolean {
  try {
    nextRunAfter(pattern, new Date('2026-03-01T00:00:00Z'));
    return true;
  } catch {
    return false;
  }
}


const FIELD_LIMITS = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
] as const;
const NAMES = [[], [], [], ['JAN', 'feb', 'Mar', 'DEC', 'jun'], ['MON', 'sun', 'Fri', 'SAT']] as const;

/** One field: mostly well-formed items near the limits, sometimes one just outside them or malformed. */
function randomField(pick: (below: number) => number, index: number): string {
  const [min, max] = FIELD_LIMITS[index]!;
  const value = () => {
    const names = NAMES[index]!;
    if (names.length > 0 && pick(5) === 0) return names[pick(names.length)]!;
    return String(pick(25) === 0 ? max + 1 : min + pick(max - min + 1));
  };
  const item = () => {
    switch (pick(9)) {
      case 0:
        return '*';
      case 1:
        return `*/${pick(15)}`;
      case 2:
        return `${value()}-${value()}`;
      case 3:
        return `${value()}-${value()}/${1 + pick(12)}`;
      case 4:
        return `${value()}/${1 + pick(20)}`;
      case 5:
        // An empty list item (a stray comma).
        return pick(10) === 0 ? `${value()},` : value();
      default:
        return value();
    }
  };
  return Array.from({ length: 1 + pick(3) }, item).join(',');
}

describe('cron patterns of the configuration', () => {
  it('accepts exactly the patterns BullMQ can schedule, over 5,000 generated ones', () => {
    const { int } = seededRandom(20260101);
    const pick = (below: number) => int(0, below - 1);
    const disagreements: string[] = [];
    const patterns = new Set<string>();
    let accepted = 0;
    for (let round = 0; round < 5_000; round++) {
      const pattern = FIELD_LIMITS.map((_, index) => (pick(3) === 0 ? '*' : randomField(pick, index))).join(' ');
      patterns.add(pattern);
      const ours = cronPatternProblem(pattern) === undefined;
      if (ours) accepted++;
      if (ours !== bullmqAccepts(pattern)) disagreements.push(`${pattern}: ours ${ours ? 'accepts' : `refuses (${cronPatternProblem(pattern)})`}`);
    }
    expect(disagreements).toEqual([]);
    // Both kinds were really tried, and many different patterns.
    expect(patterns.size).toBeGreaterThan(4_000);
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(4_500);
  });

  it('refuses what BullMQ would read differently or not at all, though cron-parser takes it', () => {
    for (const pattern of ['* * * * * *', '@daily', '0 0 L * *', '0 0 ? * *', '0 0 * * 1#2', '0 0 H * *']) {
      expect(cronPatternProblem(pattern), pattern).toBeDefined();
    }
  });
});

describe('runFellDueSince', () => {
  const at = (iso: string) => new Date(iso);

  it('says whether a run of the pattern came due after the last result', () => {
    expect(runFellDueSince('0 */6 * * *', at('2030-01-01T06:00:02Z'), at('2030-01-01T11:59:59Z'))).toBe(false);
    expect(runFellDueSince('0 */6 * * *', at('2030-01-01T06:00:02Z'), at('2030-01-01T12:00:00Z'))).toBe(true);
    expect(runFellDueSince('30 2 * * MON', at('2030-01-07T02:30:00Z'), at('2030-01-13T23:00:00Z'))).toBe(false);
    expect(runFellDueSince('30 2 * * MON', at('2030-01-07T02:29:00Z'), at('2030-01-07T02:30:00Z'))).toBe(true);
  });

  it('reads patterns in UTC whatever the process time zone', () => {
    expect(nextRunAfter('0 3 * * *', at('2030-06-01T00:00:00Z')).toISOString()).toBe('2030-06-01T03:00:00.000Z');
  });
});
