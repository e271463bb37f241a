import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Queue } from 'bullmq';
import { DOORBELL_WINDOW_MS, ProjectorDoorbell } from '../src/queues/doorbell';
import { seededRandom } from '@autobest/domain/testing';

/**
 * A queue whose adds are recorded in one sequence with the rings, and reach "Redis" after `latencyMs` of fake time
 * (or fail, when `failing`).
 */
function recordingQueue(latencyMs: () => number, failing = () => false) {
  const log: ('ring' | 'add')[] = [];
  const addedAt: number[] = [];
  const queue = {
    name: 'projector',
    add: vi.fn(async () => {
      log.push('add');
      addedAt.push(Date.now());
      await new Promise((arrived) => setTimeout(arrived, latencyMs()));
      if (failing()) throw new Error('Redis did not answer');
    }),
  } as unknown as Queue;
  return { queue, log, addedAt };
}

const silent = { warn: () => undefined };


/** Lets the fake clock run until the doorbell has nothing left to send. */
async function settle(doorbell: ProjectorDoorbell) {
  const settled = doorbell.settled();
  await vi.runAllTimersAsync();
  await settled;
}

/** Every ring is followed by an add that started after it (then so is every ring before the last). */
function everyRingFollowedByAnAdd(log: readonly ('ring' | 'add')[]) {
  return log.lastIndexOf('ring') < log.lastIndexOf('add');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the doorbell', () => {
  it('sends the first ring of a burst at once and folds the rest into one more: a burst of 50 is two adds', async () => {
    const { queue, log } = recordingQueue(() => 1);
    const doorbell = new ProjectorDoorbell(queue, silent);
    for (let n = 0; n < 50; n++) {
      log.push('ring');
      doorbell.ring();
    }
    // The first leaves at once, not after a window.
    expect(queue.add).toHaveBeenCalledTimes(1);
    await settle(doorbell);
    expect(queue.add).toHaveBeenCalledTimes(2);
    expect(everyRingFollowedByAnAdd(log)).toBe(true);
  });

  it('never loses a ring made after a send: while it is on its way, in the window after it, or once all is quiet', async () => {
    const { queue, log } = recordingQueue(() => 2);
    const doorbell = new ProjectorDoorbell(queue, silent);
    const ring = () => {
      log.push('ring');
      doorbell.ring();
    };
    ring();
    await vi.advanceTimersByTimeAsync(1);
    ring(); // while the first is on its way
    await vi.advanceTimersByTimeAsync(1 + DOORBELL_WINDOW_MS + 1);
    expect(queue.add).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 + 1);
    ring(); // within the window after the second
    await settle(doorbell);
    expect(queue.add).toHaveBeenCalledTimes(3);
    ring(); // once all is quiet: at once
    expect(queue.add).toHaveBeenCalledTimes(4);
    await settle(doorbell);
    expect(queue.add).toHaveBeenCalledTimes(4);
    expect(everyRingFollowedByAnAdd(log)).toBe(true);
  });

  it('waits in settled() for a ring still waiting for its window', async () => {
    const { queue } = recordingQueue(() => 1);
    const doorbell = new ProjectorDoorbell(queue, silent);
    doorbell.ring();
    doorbell.ring();
    let settled = false;
    const settling = doorbell.settled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1 + DOORBELL_WINDOW_MS - 1);
    expect(queue.add).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    await vi.runAllTimersAsync();
    await settling;
    expect(queue.add).toHaveBeenCalledTimes(2);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('over any sequence of rings, Redis latencies and failures (seed %i), every ring is followed by an add, and adds are a window apart', async (seed) => {
    const { next } = seededRandom(seed);
    const { queue, log, addedAt } = recordingQueue(
      () => Math.floor(next() * 4),
      () => next() < 0.1,
    );
    const doorbell = new ProjectorDoorbell(queue, silent);
    let rings = 0;
    for (let step = 0; step < 400; step++) {
      const move = next();
      if (move < 0.6) {
        log.push('ring');
        doorbell.ring();
        rings++;
      } else if (move < 0.97) {
        await vi.advanceTimersByTimeAsync(Math.floor(next() * 4));
      } else {
        // A quiet spell: by its end the rings so far have all been answered.
        await settle(doorbell);
        expect(everyRingFollowedByAnAdd(log)).toBe(true);
      }
    }
    await settle(doorbell);
    expect(everyRingFollowedByAnAdd(log)).toBe(true);
    for (let n = 1; n < addedAt.length; n++) expect(addedAt[n]! - addedAt[n - 1]!).toBeGreaterThanOrEqual(DOORBELL_WINDOW_MS);
    expect(addedAt.length).toBeLessThan(rings / 2);
  });
});
