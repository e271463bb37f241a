import { createServer } from 'node:net';

/** Whether something already listens on host:port. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** The first free port from `preferred` upwards. */
export async function findFreePort(preferred: number, host = '127.0.0.1'): Promise<number> {
  for (let port = preferred; port < preferred + 100; port++) {
    if (await isPortFree(port, host)) return port;
  }
  throw new Error(`No free port between ${preferred} and ${preferred + 99}`);
}
