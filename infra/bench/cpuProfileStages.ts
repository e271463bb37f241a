import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where a process's CPU went during a load, by stage of the write path, from the V8 CPU profiles `--cpu-prof` writes
 * (`npm run bench:events -- --profile <dir>`). Each sample is given to the stage of the innermost frame that a rule
 * below knows, so a query built in appendToStream counts as the append, and the driver's work on an answer, which runs
 * from the event loop with no caller of ours on the stack, as the driver's ("pg client", "redis client").
 */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Stages in the order they are tried on each frame, innermost frame first. */
const STAGES: ReadonlyArray<readonly [stage: string, url: RegExp]> = [
  ['start-up (module loading)', /node:internal\/modules|\/node_modules\/tsx\/|source_map/],
  ['limits', /api\/src\/plugins\/(limits|publicWriteLimits)\.ts|@fastify\/rate-limit/],
  ['idempotency', /api\/src\/http\/idempotency\.ts/],
  ['doorbell', /runtime\/src\/queues\/doorbell\.ts/],
  ['append (read stream, append)', /db\/src\/(eventStore|commandHandler)\.ts/],
  ['handler (route, decide)', /api\/src\/[a-zA-Z]+\/routes\.ts|api\/src\/http\/commands\.ts|services\/domain\/src\/(?!platform\/validation)/],
  ['projector (checkpoints, batch)', /db\/src\/checkpoints\.ts|projections\/src\/projector\/|workers\/src\/projector\//],
  ['notifier (outbox rows)', /workers\/src\/(emails\/(notifier|followUpEmails|templates|conversationEmails|staffEmails|publicWording)|whatsapp\/(outbox|notifier))\.ts/],
  ['outbox delivery (email, WhatsApp)', /workers\/src\/(platform\/outboxDelivery|emails\/(delivery|mailer)|whatsapp\/(delivery|cloudApi))[A-Za-z]*\.ts|node_modules\/nodemailer/],
  ['projections (read-model rows)', /services\/projections\/src\//],
  ['HTTP and validation (Fastify, zod, hooks)', /node_modules\/(fastify|find-my-way|@fastify|avvio|zod|fastify-type-provider-zod|light-my-request|secure-json-parse|fast-querystring)\/|api\/src\/(app|plugins|http|security)\/?|domain\/src\/platform\/validation|node:_http|node:http/],
  ['logging', /node_modules\/(pino|thread-stream|sonic-boom)/],
  ['BullMQ (queues)', /node_modules\/(bullmq|msgpackr)\//],
  ['pg client (driver, kysely)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|kysely|postgres-[a-z]+)\//],
  ['redis client (ioredis)', /node_modules\/(ioredis|redis-parser|@ioredis)\//],
];

export interface StageCpu {
  /** Milliseconds of CPU by stage (garbage collection and V8's own work included as stages of their own). */
  byStage: Map<string, number>;
  busyMs: number;
}

/** The CPU of one profile between two moments of `process.hrtime` (the clock V8's profiles use), by stage. */
export function stagesOf(profile: CpuProfile, fromMicros: number, toMicros: number): StageCpu {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stageOfNode = new Map<number, string>();
  const stageOf = (id: number): string => {
    const known = stageOfNode.get(id);
    if (known) return known;
    const leaf = nodes.get(id)!.callFrame.functionName;
    let stage = leaf === '(garbage collector)' ? 'garbage collection' : leaf === '(program)' ? 'V8 and native (no JavaScript frame)' : undefined;
    for (let frame: number | undefined = id; !stage && frame !== undefined; frame = parents.get(frame)) {
      const { url } = nodes.get(frame)!.callFrame;
      stage = STAGES.find(([, pattern]) => pattern.test(url))?.[0];
    }
    stage ??= 'other (Node internals, sockets)';
    stageOfNode.set(id, stage);
    return stage;
  };
  const byStage = new Map<string, number>();
  let busyMs = 0;
  let at = profile.startTime;
  for (let sample = 0; sample < profile.samples.length; sample++) {
    at += profile.timeDeltas[sample]!;
    // A sample stands for the time until the next one.
    const spent = (profile.timeDeltas[sample + 1] ?? 0) / 1000;
    if (at < fromMicros || at > toMicros) continue;
    const id = profile.samples[sample]!;
    if (nodes.get(id)!.callFrame.functionName === '(idle)') continue;
    const stage = stageOf(id);
    byStage.set(stage, (byStage.get(stage) ?? 0) + spent);
    busyMs += spent;
  }
  return { byStage, busyMs };
}

/** Every main-thread profile in `dir` by pid (`CPU.<date>.<time>.<pid>.0.<n>.cpuprofile`; worker threads' are skipped). */
export async function profilesIn(dir: string): Promise<Map<number, CpuProfile>> {
  const profiles = new Map<number, CpuProfile>();
  for (const file of await readdir(dir)) {
    const pid = /^CPU\.\d+\.\d+\.(\d+)\.0\.\d+\.cpuprofile$/.exec(file)?.[1];
    if (pid) profiles.set(Number(pid), JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile);
  }
  return profiles;
}

/** Stage CPU of several processes added up. */
export function addedUp(parts: readonly StageCpu[]): StageCpu {
  const byStage = new Map<string, number>();
  for (const part of parts) for (const [stage, ms] of part.byStage) byStage.set(stage, (byStage.get(stage) ?? 0) + ms);
  return { byStage, busyMs: parts.reduce((sum, part) => sum + part.busyMs, 0) };
}

/**
 * A table of µs per command by stage, one column per side (the API processes, the workers), largest first. A profile's
 * samples measure wall time, so on a machine with more runnable threads than cores a sample also holds the time its
 * thread waited for one: each side's shares of samples are therefore applied to the CPU the side was measured to use
 * (`cpuMicros`, from /proc), not taken as times themselves.
 */
export function stageTable(sides: ReadonlyArray<readonly [label: string, cpu: StageCpu, cpuMicrosPerCommand: number]>): string {
  const stages = [...new Set(sides.flatMap(([, cpu]) => [...cpu.byStage.keys()]))];
  const share = (cpu: StageCpu, stage: string) => (cpu.busyMs > 0 ? (cpu.byStage.get(stage) ?? 0) / cpu.busyMs : 0);
  const weight = (stage: string) => sides.reduce((sum, [, cpu, perCommand]) => sum + share(cpu, stage) * perCommand, 0);
  stages.sort((a, b) => weight(b) - weight(a));
  const rows = [
    `| stage | ${sides.map(([label]) => `${label} µs/command`).join(' | ')} |`,
    `|---|${sides.map(() => '---:').join('|')}|`,
    ...stages.map((stage) => `| ${stage} | ${sides.map(([, cpu, perCommand]) => (share(cpu, stage) * perCommand).toFixed(0)).join(' | ')} |`),
    `| **all** | ${sides.map(([, , perCommand]) => `**${perCommand.toFixed(0)}**`).join(' | ')} |`,
  ];
  return rows.join('\n');
}
