/**
 * Loaded first (`node --import`) into every process infra/src/processes.ts starts: when the process that started it
 * is gone (a test runner killed, a benchmark stopped with Ctrl-C twice) the IPC channel closes, and this process stops
 * too instead of living on as an orphan holding a port, a database and a queue. SIGTERM first, for the graceful close;
 * a close that hangs (its Redis stopped by the test) is cut short.
 */
const GRACE_MS = 5_000;

if (process.channel) {
  // The channel alone must not keep the process running once its own work is done.
  process.channel.unref();
  process.once('disconnect', () => {
    setTimeout(() => process.exit(1), GRACE_MS).unref();
    process.kill(process.pid, 'SIGTERM');
  });
}
