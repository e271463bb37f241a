import { expect, it } from 'vitest';
import { collectGarbage } from '../src/process/fullGc';

it('collectGarbage collects what nothing holds any more, without the process started with --expose-gc', async () => {
  const made = () => new WeakRef({ rows: Array.from({ length: 10_000 }, (_, n) => ({ n })) });
  const held = made();
  expect(held.deref()).toBeDefined();
  // A weak reference keeps its object until the end of the job that made or read it.
  await new Promise((next) => setImmediate(next));
  collectGarbage();
  expect(held.deref()).toBeUndefined();
  collectGarbage();
});
