import { beforeEach } from 'vitest';
import { failureReport } from './failureReport';

// Every test file: when a test fails while a browser stack is open, what its pages showed is printed with it.
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const report = await failureReport();
    if (report) console.error(`What the browser showed when the test failed:\n\n${report}`);
  });
});
