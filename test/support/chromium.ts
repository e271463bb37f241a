import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, as root inside CI: no sandbox, no network chatter, a profile of its own. */
export async function launchChromium(profileDir: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      `--user-data-dir=${profileDir}`,
    ],
  });
}
