import type { ZodType } from 'zod';
import { textProblem } from '@autobest/domain';

/**
 * A query string's or a path's values parsed without running zod, when nothing in them is unusual: what the API's
 * validator compiler tries first for each route's querystring and params schema. zod's own parse walks every field of
 * the schema through its wrappers (a payload object and an issues array each), about 7% of a long-tail search's time
 * (perf, under load); this reads the same schema once, at start, into a plain function per field. Measured with
 * bench:search:instructions (16a16f4): 736,418 -> 696,359 instructions per long-tail search on the API's main thread
 * (-5.4%).
 *
 * It decides only what it is sure of: a flat object of strings (trimmed, bounded), enums and coerced numbers (whole,
 * bounded), each optional, defaulted or required, and the object's refinements run on the result. It answers exactly
 * what zod's parse answers (property tests on random input: flatQuery.unit.test.ts), or UNDECIDED for anything else: a key
 * the schema does not name, a repeated key, a value a rule refuses, text the text rules look at, a field of a kind it
 * does not read. An UNDECIDED input goes through zod, which accepts it or words the refusal, as before.
 */
export const UNDECIDED: unique symbol = Symbol('undecided');
export type FlatQueryParser = (input: unknown) => Record<string, unknown> | typeof UNDECIDED;

/** The parts of zod 4's schema definitions read here (zod/v4/core: `_zod.def`, and an enum's `_zod.values`). */
interface SchemaNode {
  /** optin: 'optional' or 'defaulted' when the schema accepts an absent value (zod's object reads it to place a key). */
  _zod: { def: SchemaDef; values?: ReadonlySet<unknown>; traits: ReadonlySet<string>; optin?: string };
}
interface SchemaDef {
  type: string;
  innerType?: SchemaNode;
  checks?: SchemaNode[];
  shape?: Record<string, SchemaNode>;
  coerce?: boolean;
  defaultValue?: unknown;
  // Checks' definitions:
  check?: string;
  tx?: (value: unknown) => unknown;
  maximum?: number;
  minimum?: number;
  value?: unknown;
  inclusive?: boolean;
  format?: string;
  fn?: (value: unknown) => unknown;
}

type ReadValue = (value: string) => unknown;

interface Field {
  readonly key: string;
  /** What an absent key becomes: nothing, the default (read from the definition each time, as zod reads it), or a refusal. */
  readonly whenAbsent: 'omitted' | 'defaulted' | 'required';
  readonly defaulted: SchemaDef;
  /** Undefined for a field of a kind not read here (never a required one): zod decides whenever it is given. */
  readonly read: ReadValue | undefined;
}

const ONE_LINE = { oneLine: true } as const;

/**
 * The checks of a string, in order: trims and other rewrites, then lengths. A length within bounds in UTF-16 units is
 * within bounds in code points (zod counts code points) for text without surrogates; text with them is left to zod.
 */
function stringReader(checks: readonly SchemaNode[]): ReadValue | undefined {
  const steps: Array<(value: string) => string | typeof UNDECIDED> = [];
  for (const { _zod: { def } } of checks) {
    if (def.check === 'overwrite' && def.tx) {
      const tx = def.tx;
      steps.push((value) => {
        const rewritten = tx(value);
        return typeof rewritten === 'string' ? rewritten : UNDECIDED;
      });
    } else if (def.check === 'max_length' && typeof def.maximum === 'number') {
      const maximum = def.maximum;
      steps.push((value) => (value.length <= maximum ? value : UNDECIDED));
    } else if (def.check === 'min_length' && typeof def.minimum === 'number') {
      const minimum = def.minimum;
      steps.push((value) => (value.length >= minimum && !SURROGATE.test(value) ? value : UNDECIDED));
    } else return undefined;
  }
  return (value) => {
    let read: string | typeof UNDECIDED = value;
    for (const step of steps) if ((read = step(read)) === UNDECIDED) return UNDECIDED;
    return read;
  };
}
const SURROGATE = /[\uD800-\uDFFF]/;

/** A number coerced from text as zod coerces it (Number(text), finite), then its checks: whole, at least, at most. */
function numberReader(checks: readonly SchemaNode[]): ReadValue | undefined {
  const tests: Array<(value: number) => boolean> = [];
  for (const { _zod: { def } } of checks) {
    const bound = def.value;
    if (def.check === 'number_format' && def.format === 'safeint') tests.push(Number.isSafeInteger);
    else if (def.check === 'greater_than' && typeof bound === 'number') tests.push(def.inclusive ? (value) => value >= bound : (value) => value > bound);
    else if (def.check === 'less_than' && typeof bound === 'number') tests.push(def.inclusive ? (value) => value <= bound : (value) => value < bound);
    else return undefined;
  }
  return (text) => {
    const value = Number(text);
    if (!Number.isFinite(value)) return UNDECIDED;
    for (const test of tests) if (!test(value)) return UNDECIDED;
    return value;
  };
}

function leafReader({ _zod: { def, values, traits } }: SchemaNode): ReadValue | undefined {
  // A schema that is its own check (z.uuid(), z.email(), z.int(): a format) has rules not listed among its checks.
  if (traits.has('$ZodCheck')) return undefined;
  const checks = def.checks ?? [];
  if (def.type === 'string' && !def.coerce) return stringReader(checks);
  if (def.type === 'number' && def.coerce) return numberReader(checks);
  if (def.type === 'enum' && checks.length === 0 && values) return (value) => (values.has(value) ? value : UNDECIDED);
  return undefined;
}

/**
 * How a field is read, or undefined when zod must decide every input: a required field of a kind not read here, or one
 * that fills in an absent value its own way (a default inside an optional, say, which zod runs).
 */
function fieldOf(key: string, node: SchemaNode): Field | undefined {
  const { def } = node._zod;
  const inner = def.innerType;
  const wrapper = inner !== undefined && !def.checks?.length;
  // Read inside an optional or a default: a schema that takes no absent value of its own (the leaves read here).
  const leaf = wrapper && inner._zod.optin === undefined ? inner : undefined;
  // zod's default gives its value for an absent key whatever it is around.
  if (wrapper && def.type === 'default') return { key, whenAbsent: 'defaulted', defaulted: def, read: leaf && leafReader(leaf) };
  if (def.type === 'optional') return leaf && { key, whenAbsent: 'omitted', defaulted: def, read: leafReader(leaf) };
  if (node._zod.optin !== undefined) return undefined;
  const read = leafReader(node);
  return read && { key, whenAbsent: 'required', defaulted: def, read };
}

/** A refinement that throws is zod's to report, as it would without this. */
function passedRefinement(refinement: (value: unknown) => unknown, parsed: Record<string, unknown>): boolean {
  try {
    return refinement(parsed) === true;
  } catch {
    return false;
  }
}

/** The parser of a querystring or params schema, or undefined when the schema is not a flat object this reads. */
export function flatQueryParser(schema: ZodType): FlatQueryParser | undefined {
  const { def } = (schema as unknown as SchemaNode)._zod;
  if (def.type !== 'object' || !def.shape) return undefined;
  const refinements: Array<(value: unknown) => unknown> = [];
  for (const { _zod: check } of def.checks ?? []) {
    if (check.def.check !== 'custom' || !check.def.fn) return undefined;
    refinements.push(check.def.fn);
  }
  if (Object.getOwnPropertySymbols(def.shape).length > 0 || Object.hasOwn(def.shape, '__proto__')) return undefined;
  const fields: Field[] = [];
  for (const [key, node] of Object.entries(def.shape)) {
    const field = fieldOf(key, node);
    // zod would decide every input: the schema is zod's alone.
    if (!field) return undefined;
    fields.push(field);
  }
  const known = new Set(fields.map(({ key }) => key));

  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return UNDECIDED;
    const given = input as Record<string, unknown>;
    // Every value looked at before any is read, as the text rules are checked on the whole input before zod reads it:
    // a rewrite or a default is never run on input the rules refuse.
    for (const key in given) {
      const text = given[key];
      if (!known.has(key) || typeof text !== 'string' || textProblem(text, ONE_LINE) !== undefined) return UNDECIDED;
    }
    // Keys in the schema's order, as zod writes them.
    const parsed: Record<string, unknown> = {};
    for (const { key, whenAbsent, defaulted, read } of fields) {
      if (key in given) {
        if (read === undefined) return UNDECIDED;
        const value = read(given[key] as string);
        if (value === UNDECIDED) return UNDECIDED;
        parsed[key] = value;
      } else if (whenAbsent === 'defaulted') parsed[key] = defaulted.defaultValue;
      else if (whenAbsent === 'required') return UNDECIDED;
    }
    return refinements.every((refinement) => passedRefinement(refinement, parsed)) ? parsed : UNDECIDED;
  };
}
