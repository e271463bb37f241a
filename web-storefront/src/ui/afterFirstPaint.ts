import { useEffect, useState } from 'react';

/**
 * Calls `run` once the page has painted: a task queued from the next animation frame runs after that frame is
 * drawn. What starts there (a below-the-fold chunk, its data) no longer competes with the first paint's code.
 */
export function afterFirstPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** False for the first paint, true from just after it: render below-the-fold parts (and load their code) then. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return painted;
}
