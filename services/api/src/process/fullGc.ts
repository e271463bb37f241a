import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection, now, with the heap compacted: for a process that has just built a large structure (the
 * search index: hundreds of megabytes, most of what it allocated while building already garbage) and does not yet
 * answer from it. V8 would otherwise collect that garbage while buyers' searches run, and leave the index's objects spread
 * over a fragmented heap. Measured again on `npm start` with 100,000 vehicles (30 November, two runs each,
 * interleaved): 463-476 MB resident per API process when ready and 423-446 MB a minute later, against 527-540 MB for
 * as long as no load comes; after bench:search's long tail 446-462 MB against 455-461. So it lowers the most an idle
 * API process holds by an eighth. CPU per search could not be told apart that day (277-330 µs with it, 238-269 without,
 * on uneven minutes); on 753cc08, when the index's objects were most of the heap, it was 6.7-8.5% less. The collection
 * itself takes 130-180 ms per process, during which the process answers nothing.
 * The flag stays set: any later `vm` context would also be given `gc` (the API makes none).
 *
 * Node gives a program this call only when started with --expose-gc: the flag is set here, and the function taken
 * from a new context, which is given it (as the `expose-gc` package does), so every way of starting the API has it.
 */
export function collectGarbage(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}
