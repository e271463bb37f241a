import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Every regular expression of the packages that read outside text (visitor fields, feed XML, staff input) runs in time
 * linear in the text's length (issue 36): one request or feed must not hold a process for seconds. Each is found by
 * parsing the source, so none is missed: literals, `new RegExp(...)` (a pattern built at run time is taken as the
 * module built it) and zod's formats (`z.email()`, ...). recheck looks for an attack the way a ReDoS checker does
 * (automata, else fuzzing with pumped strings) and must call each one safe. It runs its native build (the
 * recheck-linux-x64 package npm installs beside it) where there is one, else the same checker in JavaScript, about six
 * times slower (RECHECK_BACKEND=pure to try it).
 * `regexp/no-super-linear-backtracking` and `regexp/no-super-linear-move` in eslint.config.js catch the plainest cases
 * while typing.
 */

const ROOT = resolve(import.meta.dirname, '../..');
/** The issue names domain, api and workers; db, projections and runtime hold stored outside text too. */
const PACKAGES = ['services/domain/src', 'services/db/src', 'services/projections/src', 'services/runtime/src', 'services/api/src', 'workers/src'];

/** Flagged, but they read no outside text: each with the reason. */
const READS_NO_OUTSIDE_TEXT: ReadonlyArray<{ file: string; source: string; reason: string }> = [
  {
    file: 'services/api/src/plugins/queueDashboard.ts',
    source: '<link[^>]*href="https:\\/\\/fonts\\.googleapis\\.com[^"]*"[^>]*>\\s*',
    reason: "bull-board's own index page, read from node_modules once at start",
  },
];

interface Pattern {
  /** file:line */
  where: string;
  source: string;
  flags: string;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file));

/** The text of a string literal argument, or undefined when the argument is computed. */
const literalText = (node: ts.Expression | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);

const isRegExpCall = (node: ts.Node): node is ts.NewExpression | ts.CallExpression =>
  (ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp';

/** `z.email(...)`, `z.iso.datetime(...)`: the format's name. */
function zodFormat(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const owner = node.expression.expression;
  const isZ = (expression: ts.Expression) => ts.isIdentifier(expression) && expression.text === 'z';
  if (isZ(owner) || (ts.isPropertyAccessExpression(owner) && owner.name.text === 'iso' && isZ(owner.expression))) return `${isZ(owner) ? '' : 'iso.'}${node.expression.name.text}`;
  return undefined;
}

/** The pattern zod checks a string format with; undefined for the rest of `z.` (`z.object`, `z.union`, ...). */
function zodPattern(format: string): RegExp | undefined {
  const [first, second] = format.split('.') as [string, string | undefined];
  const factory = second === undefined ? (z as unknown as Record<string, unknown>)[first] : (z.iso as unknown as Record<string, unknown>)[second];
  if (typeof factory !== 'function') return undefined;
  let schema: unknown;
  try {
    schema = (factory as () => unknown)();
  } catch {
    return undefined; // a builder that needs arguments (z.union, z.enum): no format
  }
  return schema instanceof z.ZodStringFormat && schema._zod.def.pattern instanceof RegExp ? schema._zod.def.pattern : undefined;
}

/** The patterns written in the source, and the places that build one at run time from computed text. */
function patternsInSource() {
  const written: Pattern[] = [];
  const builtAtRunTime: string[] = [];
  for (const file of PACKAGES.flatMap(sourceFiles)) {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const end = node.text.lastIndexOf('/');
        written.push({ where: where(node), source: node.text.slice(1, end), flags: node.text.slice(end + 1) });
      } else if (isRegExpCall(node)) {
        const [patternArgument, flagsArgument] = node.arguments ?? [];
        const text = literalText(patternArgument);
        const flags = flagsArgument === undefined ? '' : literalText(flagsArgument);
        if (text !== undefined && flags !== undefined) written.push({ where: where(node), source: text, flags });
        else builtAtRunTime.push(where(node));
      } else {
        const format = zodFormat(node);
        const pattern = format && zodPattern(format);
        if (pattern) written.push({ where: `${where(node)} z.${format}()`, source: pattern.source, flags: pattern.flags });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { written, builtAtRunTime };
}

/**
 * The patterns built at run time, as built: `RegExp` is wrapped while the modules that build them are imported, and
 * each construction is attributed to the line of ours that made it (vitest maps stack traces to the source).
 */
async function patternsBuiltAtRunTime(places: readonly string[]): Promise<{ built: Pattern[]; notBuiltOnImport: string[] }> {
  const built: Pattern[] = [];
  const wanted = new Set(places);
  const record = (pattern: RegExp) => {
    for (const line of new Error().stack?.split('\n') ?? []) {
      const at = /\((.*):(\d+):\d+\)$/.exec(line) ?? /at (.*):(\d+):\d+$/.exec(line);
      if (!at) continue;
      const where = `${relative(ROOT, at[1]!.replace(/^file:\/\//, ''))}:${at[2]}`;
      if (wanted.has(where)) {
        built.push({ where, source: pattern.source, flags: pattern.flags });
        return;
      }
    }
  };
  const Original = globalThis.RegExp;
  globalThis.RegExp = new Proxy(Original, {
    construct: (target, args: [string | RegExp, string?]) => {
      const pattern = new target(...args);
      record(pattern);
      return pattern;
    },
    apply: (target, _this, args: [string | RegExp, string?]) => {
      const pattern = target(...args);
      record(pattern);
      return pattern;
    },
  });
  try {
    for (const file of new Set(places.map((place) => place.slice(0, place.lastIndexOf(':'))))) await import(join(ROOT, file));
  } finally {
    globalThis.RegExp = Original;
  }
  const seen = new Set(built.map((pattern) => pattern.where));
  return { built, notBuiltOnImport: places.filter((place) => !seen.has(place)) };
}

const { written, builtAtRunTime } = patternsInSource();
const { built, notBuiltOnImport } = await patternsBuiltAtRunTime(builtAtRunTime);
const exempt = (pattern: Pattern) => READS_NO_OUTSIDE_TEXT.some(({ file, source }) => pattern.where.startsWith(`${file}:`) && pattern.source === source);
/** Each pattern once, with every place that uses it (`z.iso.datetime()` is in forty). */
const uses = new Map<string, Pattern[]>();
for (const pattern of [...written, ...built].filter((found) => !exempt(found))) {
  const text = `/${pattern.source}/${pattern.flags}`;
  uses.set(text, [...(uses.get(text) ?? []), pattern]);
}
const patterns = [...uses].map(([text, places]) => ({ name: `${text} at ${places.map(({ where }) => where).join(', ')}`, ...places[0]! }));

describe('every regular expression over outside text', () => {
  it('is found: over 150 in the source, and every one built at run time is built when its module loads', () => {
    expect(written.length).toBeGreaterThan(150);
    expect(built.length).toBeGreaterThan(20);
    // A pattern built inside a function is not seen here: build it once, at the top of its module.
    expect(notBuiltOnImport).toEqual([]);
    // An exemption whose pattern is gone would hide nothing but itself.
    for (const exemption of READS_NO_OUTSIDE_TEXT) expect([...written, ...built].some((pattern) => pattern.where.startsWith(`${exemption.file}:`) && pattern.source === exemption.source), exemption.file).toBe(true);
  });

  it.each(patterns.map((pattern) => [pattern.name, pattern] as const))(
    'runs in linear time: %s',
    async (_name, { source, flags }) => {
      const diagnostics = await check(source, flags, { timeout: 30_000 });
      const verdict =
        diagnostics.status === 'vulnerable'
          ? { status: 'vulnerable', complexity: diagnostics.complexity.summary, attack: diagnostics.attack.pattern }
          : { status: diagnostics.status, ...(diagnostics.status === 'unknown' ? { error: diagnostics.error.kind } : {}) };
      expect(verdict).toEqual({ status: 'safe' });
    },
    60_000,
  );
});
