import { loadRuntimeConfig, ConfigError, requireStatusTokenSecret } from '@autobest/domain';
import { startWorkers } from './runtime';

/** `npm run start:workers`: the background processors as their own process, one of many if you scale out. */
async function main(): Promise<void> {
  const config = loadRuntimeConfig(process.env);
  requireStatusTokenSecret(config);
  const running = await startWorkers(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received: letting running jobs finish`);
    await running.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // A supervisor that started us with an IPC channel (infra/src/processes.ts: fault tests, benchmarks) learns when we are working.
  process.send?.({ ready: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
