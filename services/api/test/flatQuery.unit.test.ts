import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z, type ZodType } from 'zod';
import { withCleanText } from '@autobest/domain';
import { VehicleSearchQuerySchema } from '@autobest/domain/inventory/contracts';
import { NewsQuerySchema, VideosQuerySchema } from '@autobest/domain/news/contracts';
import { QuoteQuerySchema } from '@autobest/domain/landedCost/contracts';
import { AnalyticsDaysQuery } from '@autobest/domain/analytics/contracts';
import { flatQueryParser, UNDECIDED } from '../src/http/flatQuery';

/**
 * flatQueryParser answers what zod answers. The reference is what the API ran before it: the route's schema behind the
 * text rules of query strings (withCleanText, one line). On random input the parser either leaves the input to zod
 * (UNDECIDED) or gives zod's own value: the same keys in the same order, each value the same (Object.is: -0 is not 0).
 */

/** Every kind of field it reads, and kinds it leaves to zod, in one schema. */
const EveryKindSchema = z
  .strictObject({
    name: z.string().min(2).max(8),
    slug: z.string().trim().toLowerCase().max(12).optional(),
    count: z.coerce.number().int().positive().lt(50).default(7),
    ratio: z.coerce.number().gt(-1).lte(1).optional(),
    unbounded: z.coerce.number().optional(),
    kind: z.enum(['a', 'b', 'c']).default('b'),
    plain: z.number().optional(),
    nested: z.string().optional().default('x'),
    piped: z.enum(['yes', 'no']).transform((value) => value === 'yes').optional(),
    maybe: z.string().nullable().optional(),
    uuid: z.uuid().optional(),
    email: z.email().optional(),
    whole: z.int().optional(),
    // A rewrite that throws: zod never runs it on input the text rules refuse, and neither may the parser.
    loud: z
      .string()
      .overwrite((value) => {
        if (value === 'boom') throw new Error('rewrite ran');
        return value;
      })
      .optional(),
  })
  .refine((query) => query.slug !== 'refused', { path: ['slug'], message: 'slug refused' });

/**
 * Each schema; the fields plain input leaves out (those the parser leaves to zod whenever they are given, and a rewrite
 * that throws); and whether it leaves every input to zod (a field it does not read is required).
 */
const SCHEMAS: Record<string, { schema: ZodType; unread: string[]; undecidable?: true }> = {
  VehicleSearchQuerySchema: { schema: VehicleSearchQuerySchema, unread: ['featured'] },
  NewsQuerySchema: { schema: NewsQuerySchema, unread: [] },
  VideosQuerySchema: { schema: VideosQuerySchema, unread: [] },
  QuoteQuerySchema: { schema: QuoteQuerySchema, unread: ['country'], undecidable: true },
  AnalyticsDaysQuery: { schema: AnalyticsDaysQuery, unread: [] },
  EveryKindSchema: { schema: EveryKindSchema, unread: ['plain', 'nested', 'piped', 'maybe', 'uuid', 'email', 'whole', 'loud'] },
  params: { schema: z.object({ id: z.string().max(100) }), unread: [] },
  'staff account params': { schema: z.object({ id: z.uuid('Not a staff account id') }), unread: ['id'], undecidable: true },
  // Defaults inside an optional: zod fills them in when the key is absent, which the parser does not read.
  'defaults inside optionals': {
    schema: z.object({ sort: z.enum(['a', 'b']).default('a').optional(), count: z.coerce.number().prefault('5').optional(), name: z.string().default('x').nullable().optional(), page: z.coerce.number().optional() }),
    unread: ['sort', 'count', 'name'],
    undecidable: true,
  },
};

interface SchemaNode {
  _zod: { def: { shape?: Record<string, SchemaNode>; innerType?: SchemaNode; in?: SchemaNode }; values?: ReadonlySet<unknown> };
}
const shapeOf = (schema: ZodType) => (schema as unknown as SchemaNode)._zod.def.shape!;
/** Every value an enum in the field accepts: random text would almost never hit one. */
function enumValuesOf(node: SchemaNode | undefined): string[] {
  if (!node) return [];
  return [...[...(node._zod.values ?? [])].filter((value) => typeof value === 'string'), ...enumValuesOf(node._zod.def.innerType), ...enumValuesOf(node._zod.def.in)];
}

const NUMBERS_AS_TEXT = ['', ' ', '0', '-0', '1', '2', '7', '24', '49', '50', '60', '61', '365', '366', '1000', '1001', '1899', '1900', '2024', '2100', '2101', '1e3', '0x10', '0b11', ' 12 ', '12abc', '1.5', '-1', 'NaN', 'Infinity', '-Infinity', '9007199254740991', '9007199254740993', '1000000000000', '1000000000001', '00012', '.5', '+3'];
const AWKWARD_TEXT = ['boom', 'a\u0000b', 'a\tb', 'a\nb', 'a\rb', '\u001b[31m', 'x\uD800', '\uDC00y', '😀', '😀'.repeat(40), ' padded ', 'UPPER', 'refused', ' refused ', 'ab', 'a', 'x'.repeat(59), 'x'.repeat(60), 'x'.repeat(61), 'x'.repeat(80), 'x'.repeat(81), 'x'.repeat(100), 'x'.repeat(101), 'ł'.repeat(9)];

/** Text likely valid in the field: one of its enum's values, or a number, or a short word. */
function likelyText(node: SchemaNode | undefined) {
  const values = enumValuesOf(node);
  return values.length > 0 ? fc.constantFrom(...values) : fc.oneof(fc.constantFrom('1', '2', '7', '24', '30', '2024', ' 12 ', '1e3', ' padded ', 'UPPER', 'x'.repeat(60)), fc.string({ unit: 'grapheme-ascii', minLength: 2, maxLength: 8 }));
}

/**
 * Any input: a few keys of the schema or others, each with text likely valid there or any text (numbers at and beyond
 * bounds, control characters, lone surrogates, long), or repeated. Few keys, so that many inputs are valid throughout.
 */
function anyInput(schema: ZodType) {
  const shape = shapeOf(schema);
  const awkward = fc.oneof(fc.constantFrom(...NUMBERS_AS_TEXT, ...AWKWARD_TEXT), fc.string({ maxLength: 110 }), fc.string({ unit: 'binary', maxLength: 20 }));
  const valueFor = (key: string) => {
    const text = fc.oneof(likelyText(Object.hasOwn(shape, key) ? shape[key] : undefined), awkward);
    return fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) });
  };
  const keys = [...Object.keys(shape), 'utm_source', 'constructor', 'toString'];
  return withEitherPrototype(
    fc.subarray(keys, { maxLength: 4 }).chain((chosen) => fc.tuple(...chosen.map(valueFor)).map((values) => Object.fromEntries(chosen.map((key, index) => [key, values[index]])))),
  );
}

/** Input zod mostly accepts: a few of the fields the parser reads (and any it must have), each given a value likely valid, in plain text. */
function plainInput(schema: ZodType, unread: readonly string[]) {
  const shape = shapeOf(schema);
  const required = Object.keys(shape).filter((key) => !unread.includes(key) && (flatQueryParser(z.object({ [key]: shape[key] as unknown as ZodType }))!({}) === UNDECIDED));
  const optional = Object.keys(shape).filter((key) => !unread.includes(key) && !required.includes(key));
  return withEitherPrototype(
    fc.subarray(optional, { maxLength: Math.min(4, optional.length) }).chain((chosen) => {
      const keys = Object.keys(shape).filter((key) => required.includes(key) || chosen.includes(key));
      return fc.tuple(...keys.map((key) => likelyText(shape[key]))).map((values) => Object.fromEntries(keys.map((key, index) => [key, values[index]])));
    }),
  );
}

/** Fastify's query objects have no prototype (fast-querystring's); params are plain objects. */
const withEitherPrototype = (records: fc.Arbitrary<Record<string, unknown>>) =>
  fc.tuple(records, fc.boolean()).map(([record, nullPrototype]) => (nullPrototype ? Object.assign(Object.create(null) as Record<string, unknown>, record) : record));

/** The same keys in the same order, and each value the same by Object.is. */
function expectSameValue(quick: Record<string, unknown>, reference: unknown) {
  expect(Object.keys(quick)).toEqual(Object.keys(reference as object));
  for (const [key, value] of Object.entries(quick)) expect(Object.is(value, (reference as Record<string, unknown>)[key]), `${key}: ${String(value)}`).toBe(true);
}

describe('flatQueryParser', () => {
  for (const [name, { schema, unread, undecidable }] of Object.entries(SCHEMAS)) {
    const quick = flatQueryParser(schema)!;
    const reference = withCleanText(schema, { oneLine: true });
    if (undecidable) {
      it(`${name}: is left to zod whole (a field it cannot read is needed)`, () => expect(flatQueryParser(schema)).toBeUndefined());
      continue;
    }

    it(`${name}: on any input, decides nothing zod would not, and decides it as zod does`, () => {
      fc.assert(
        fc.property(anyInput(schema), (input) => {
          let value: ReturnType<typeof quick>;
          try {
            value = quick(input);
          } catch {
            // Only where zod's own parse throws too (a rewrite that throws, given input the text rules let through).
            expect(() => reference.safeParse(input), JSON.stringify(input)).toThrow();
            return;
          }
          if (value === UNDECIDED) return;
          const expected = reference.safeParse(input);
          expect(expected.success, JSON.stringify(input)).toBe(true);
          expectSameValue(value, expected.data);
        }),
        { numRuns: 4_000 },
      );
    });

    it(`${name}: decides whatever zod accepts among plain text in the fields it reads`, () => {
      let decided = 0;
      fc.assert(
        fc.property(plainInput(schema, unread), (input) => {
          const expected = reference.safeParse(input);
          if (!expected.success) return;
          // Text that a rewrite turns into no value at all is zod's to read: blank text, or news' `category=  ` and
          // `category= ,` (a list of no names), each no filter.
          const data = expected.data as Record<string, unknown>;
          if (Object.entries(input).some(([key, text]) => typeof text === 'string' && (text.trim() === '' || data[key] === undefined))) return;
          const value = quick(input);
          expect(value, JSON.stringify(input)).not.toBe(UNDECIDED);
          expectSameValue(value as Record<string, unknown>, expected.data);
          decided++;
        }),
        { numRuns: 2_000 },
      );
      expect(decided).toBeGreaterThan(100);
    });
  }

  it('reads the catalogue search: every field but featured (a transform), which zod reads', () => {
    const quick = flatQueryParser(VehicleSearchQuerySchema)!;
    expect(quick({ q: ' toyota ', priceMax: '40000000', sort: 'price-asc', page: '2' })).toEqual({ q: 'toyota', priceMax: 40_000_000, currency: 'NGN', sort: 'price-asc', page: 2, pageSize: 24 });
    expect(quick({ featured: 'true' })).toBe(UNDECIDED);
    // A refinement that fails is zod's to word.
    expect(quick({ yearMin: '2024', yearMax: '2020' })).toBe(UNDECIDED);
    expect(quick(JSON.parse('{"__proto__": "x"}'))).toBe(UNDECIDED);
  });

  it('leaves to zod a schema that is not a flat object', () => {
    expect(flatQueryParser(z.string())).toBeUndefined();
    expect(flatQueryParser(withCleanText(z.object({ a: z.string() })))).toBeUndefined();
    expect(flatQueryParser(z.object({ a: z.string() }).check(z.overwrite((query) => query)))).toBeUndefined();
  });

  it('runs no rewrite on input the text rules refuse', () => {
    const quick = flatQueryParser(EveryKindSchema)!;
    expect(quick({ name: 'abc', loud: 'boom', slug: 'x\u0000' })).toBe(UNDECIDED);
    expect(() => quick({ name: 'abc', loud: 'boom' })).toThrow('rewrite ran');
  });
});
