// A feed parser's thread starts here, in JavaScript: tsx's hooks, which load the workers' TypeScript, do not reach
// worker threads on Node 20 (nor does vitest's transform in tests), and the options a process was started with
// (`--import tsx --import exitWithParent.ts` in the fault tests) fail in a thread. So the thread is started without
// them and loads its TypeScript through tsx's own API, the same way under `npm start`, `start:workers` and vitest.
import { tsImport } from 'tsx/esm/api';

await tsImport('./feedParserThread.ts', import.meta.url);
