import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, as root inside CI: no sandbox, no network chatter. playwright gives every launch a
 * fresh temporary profile (the new --user-data-dir Chromium needs).
 */
export async function launchChromium(): Promise<Browser> {
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
    ],
  });
}
