import { describe, expect, it } from 'vitest';
import { API_PROCESS_V8_OPTIONS, apiProcessExecArgv } from '../src/process/apiProcesses';

/** The V8 options the primary starts each API process with (apiProcesses.ts). */
describe('apiProcessExecArgv', () => {
  it("gives each API process the primary's own options, then young garbage collected on its own thread and an old generation collected when it has grown by half", () => {
    expect(apiProcessExecArgv(['--import', 'tsx'])).toEqual(['--import', 'tsx', '--no-parallel-scavenge', '--heap-growing-percent=50']);
    expect(API_PROCESS_V8_OPTIONS).toEqual(['--no-parallel-scavenge', '--heap-growing-percent=50']);
  });

  it('keeps what the operator set for the same option on the command line, however it is spelled, and gives none twice', () => {
    expect(apiProcessExecArgv(['--parallel-scavenge'])).toEqual(['--parallel-scavenge', '--heap-growing-percent=50']);
    expect(apiProcessExecArgv(['--heap_growing_percent=20'])).toEqual(['--heap_growing_percent=20', '--no-parallel-scavenge']);
    expect(apiProcessExecArgv(['--no-parallel-scavenge', '--heap-growing-percent=0'])).toEqual(['--no-parallel-scavenge', '--heap-growing-percent=0']);
    // An option of the operator's own that is none of ours goes as given, before ours.
    expect(apiProcessExecArgv(['--min-semi-space-size=16'])).toEqual(['--min-semi-space-size=16', '--no-parallel-scavenge', '--heap-growing-percent=50']);
  });
});
