import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LeastConnections } from '../src/process/apiProcesses';

/** The primary's choice of process for each new connection (apiProcesses.ts). */
describe('LeastConnections', () => {
  it('hands a burst of connections out in turn: ten to two processes are five each', () => {
    const balancer = new LeastConnections<string>();
    balancer.add('a');
    balancer.add('b');
    const taken = Array.from({ length: 10 }, () => balancer.take());
    expect(taken).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
    expect(balancer.counts()).toEqual([5, 5]);
  });

  it('gives new connections to the process whose clients left, until it holds as many as the others', () => {
    const balancer = new LeastConnections<string>();
    for (const target of ['a', 'b', 'c']) balancer.add(target);
    for (let n = 0; n < 9; n++) balancer.take();
    for (let n = 0; n < 3; n++) balancer.closed('b');
    expect([balancer.take(), balancer.take(), balancer.take()]).toEqual(['b', 'b', 'b']);
    expect(balancer.counts()).toEqual([3, 3, 3]);
  });

  it('has no process to offer when none serves, and none that is gone', () => {
    const balancer = new LeastConnections<string>();
    expect(balancer.take()).toBeUndefined();
    balancer.add('a');
    balancer.add('b');
    balancer.remove('a');
    expect([balancer.take(), balancer.take()]).toEqual(['b', 'b']);
    balancer.remove('b');
    expect(balancer.take()).toBeUndefined();
  });

  it('always takes a process with the fewest open, never counts below zero, and keeps counts within one of each other while no connection closes', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('take' as const) }),
      fc.record({ kind: fc.constant('closed' as const), target: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('add' as const), target: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('remove' as const), target: fc.integer({ min: 0, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const balancer = new LeastConnections<number>();
        // What the balancer should know: open connections per process present.
        const open = new Map<number, number>();
        for (const operation of operations) {
          if (operation.kind === 'add') {
            balancer.add(operation.target);
            if (!open.has(operation.target)) open.set(operation.target, 0);
          } else if (operation.kind === 'remove') {
            balancer.remove(operation.target);
            open.delete(operation.target);
          } else if (operation.kind === 'closed') {
            balancer.closed(operation.target);
            const count = open.get(operation.target);
            if (count !== undefined && count > 0) open.set(operation.target, count - 1);
          } else {
            const fewest = Math.min(...open.values());
            const taken = balancer.take();
            if (open.size === 0) expect(taken).toBeUndefined();
            else {
              expect(open.get(taken!)).toBe(fewest);
              open.set(taken!, fewest + 1);
            }
          }
          expect(balancer.counts()).toEqual([...open.values()]);
        }
      }),
    );
    // Only takes: every process within one of every other.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.nat(100), (processes, connections) => {
        const balancer = new LeastConnections<number>();
        for (let n = 0; n < processes; n++) balancer.add(n);
        for (let n = 0; n < connections; n++) balancer.take();
        const counts = balancer.counts();
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
