/** What the Network Information API tells of the visitor's link (Chromium-based browsers; others say nothing). */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether the visitor asked to save data (the browser's data saver, which also sends `Save-Data: on`) or is on a
 * 2G-class link. Then photos come at their smallest width, video thumbnails wait to be asked for, and nothing is
 * fetched ahead. Read each time: the link can change while the page is open.
 */
export function savesData(browser: { connection?: NetworkInformation } | undefined = globalThis.navigator as { connection?: NetworkInformation } | undefined): boolean {
  const connection = browser?.connection;
  return connection?.saveData === true || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
}
