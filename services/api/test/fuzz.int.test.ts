/**
 * Fuzz test of the whole HTTP API. Seed 20260512, 3,000 requests (FUZZ_SEED and FUZZ_REQUESTS below), sent one at a
 * time to the real app listening on 127.0.0.1, on its own PostgreSQL database and Redis prefix.
 *
 * Every route and method of the OpenAPI document (read with a staff session, so staff routes are in it) gets its share:
 * a request that would be accepted, built from the route's schemas and from records made before the run, then broken
 * in one way an attacker or a broken client would break it (path, query, JSON body, content type, multipart body,
 * headers). Most requests carry a staff session so staff handlers are reached; the rest carry none.
 *
 * It asserts that nothing answers 5xx, that every refused request (4xx) recorded nothing (events, analytics rows, sent
 * emails, idempotency keys, sessions, files under UPLOADS_DIR), and that every 4xx the app sends has our error shape.
 * The generator never reads an answer, so a seed always sends the same requests. Per-address rate limits answer 429,
 * which counts as refused; the share of 429s is printed.
 */
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueVariants, SELL_CAR_PHOTO_SLOTS, TRADE_IN_PHOTO_SLOTS } from '@autobest/domain';
import { seededRandom } from '@autobest/domain/testing';
import { allProjections, Projector } from '@autobest/projections';
import { catalogueListings } from '../../../infra/src/seed/catalogue';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { SEED_REVIEW_VIDEOS, seedReviewVideos } from '../../../infra/src/seed/news';
import { multipartBody, PDF, pngOfSize, type FilePart } from './images';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp } from './support';

// Other seeds and longer runs, to go looking rather than only keep green: FUZZ_SEED=7 FUZZ_REQUESTS=20000 npx vitest run services/api/test/fuzz.int.test.ts
const FUZZ_SEED = Number(process.env['FUZZ_SEED'] ?? 20_260_512);
const FUZZ_REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 3_000);

// A deterministic PRNG (mulberry32) and the few choices built on it.
type Random = ReturnType<typeof seededRandom>;

// ---------------------------------------------------------------------------------------------------------------
// The OpenAPI document: operations, and values that its JSON schemas accept.

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  bodyType?: string;
  bodySchema?: JsonSchema;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components: { schemas: Record<string, JsonSchema> };
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const [bodyType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      return { method: method.toUpperCase(), path, parameters: operation.parameters ?? [], ...(bodyType ? { bodyType, bodySchema: content!.schema } : {}) };
    }),
  );
}

/** Strings a field of that name or shape accepts; the first one its pattern accepts is used. */
const GOOD_STRINGS: Record<string, string[]> = {
  email: ['amaka@example.ng'],
  phone: ['+234 803 555 0142'],
  phoneNumber: ['+234 803 555 0142'],
  sessionId: ['fuzz-session-0001'],
  preferredDate: ['2026-06-01'],
  dateFrom: ['2026-01-01'],
  dateTo: ['2026-12-31'],
  password: ['not the password'],
};
const GENERIC_STRINGS = ['Toyota', 'Corolla', 'Amaka Obi', '2020', 'fuzz-0001', 'https://example.com/a.jpg', '2026-06-01', '2026-06-01T10:00:00.000Z', 'abcdEFGH1234'];

function sample(document: OpenApiDocument, schema: JsonSchema, random: Random, name = '', depth = 0): unknown {
  if (schema.$ref) return sample(document, document.components.schemas[schema.$ref.split('/').pop()!]!, random, name, depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(document, random.pick(choices), random, name, depth);
  if (schema.allOf?.[0]) return sample(document, schema.allOf[0], random, name, depth);
  const type = Array.isArray(schema.type) ? random.pick(schema.type.filter((candidate) => candidate !== 'null')) : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.6)) value[key] = sample(document, property, random, key, depth + 1);
      }
      if (!schema.properties && typeof schema.additionalProperties === 'object' && depth < 4) {
        value['colour'] = sample(document, schema.additionalProperties, random, 'colour', depth + 1);
      }
      return value;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sample(document, item, random, name, depth + 1));
      if (Array.isArray(schema.items)) return schema.items.map((item) => sample(document, item, random, name, depth + 1));
      const count = Math.max(schema.minItems ?? 0, random.int(0, 2));
      return Array.from({ length: count }, () => (schema.items ? sample(document, schema.items as JsonSchema, random, name, depth + 1) : 'x'));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 1000) : min + 1000;
      return random.int(Math.ceil(min) + (schema.exclusiveMinimum ? 1 : 0), Math.max(Math.ceil(min), Math.floor(max)));
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string': {
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000001';
      if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, 15, 10)).toISOString();
      if (schema.format === 'date') return '2026-06-01';
      if (schema.format === 'email') return 'amaka@example.ng';
      const candidates = [...(GOOD_STRINGS[name] ?? []), ...GENERIC_STRINGS];
      const fits = (value: string) =>
        value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern, 'u').test(value));
      return candidates.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return schema.default ?? null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What an attacker sends instead.

const HUGE = 'A'.repeat(70_000);
/** Path segments, already encoded as they go on the wire. */
const NASTY_SEGMENTS = [
  '%00', 'a%00b', '%2500', '%0d%0a', '%09', '%7F', '%01', 'x'.repeat(5_000), encodeURIComponent('é漢字🚗'), '%ED%A0%80', '%FF%FE', '%C0%80', '%', '%zz',
  '..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%2F', '%5C', '-1', '0', '1e300', 'NaN', 'null', '%5B%5D', '%27%20OR%201%3D1--', '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000-0000-4000-8000-00000000000G', 'SC-1700000000000-ABCDEF', 'TI-99999999999999999-ZZZZZZ',
];
/** Query values, already encoded. */
const NASTY_QUERY_VALUES = [
  '%00', 'a%00b', '%01', '%1F', '%0A', '%ED%A0%80', '%FF', '1e300', '-1e300', '1e20', '-1', '0', '-0', 'NaN', 'Infinity', '-Infinity', '0x1F', '1.5', '',
  '%20', 'x'.repeat(3_000), encodeURIComponent('é漢字🚗'), 'true', 'null', '%5B%5D', '%7B%7D', '[0,1e30]', '[-1,5]', '[5,1]', '[0,1e300]', '[1e20,1e20+5]',
  '[0.5,1]', '[0,%22a%22]', '%5B%22id%22%2C%22ASC%22%2C%22x%22%5D', '%5B%22%00%22%2C%22ASC%22%5D', encodeURIComponent('{"q":"\u0000"}'),
  encodeURIComponent('{"id":["\u0000"]}'), encodeURIComponent('{"id":[1,2]}'), encodeURIComponent('{"id":"x"}'), encodeURIComponent('{"year":1e300}'),
  encodeURIComponent('{"dateFrom":"2026-02-31"}'), encodeURIComponent('{"dateTo":"+275760-09-13T00:00:00Z"}'), encodeURIComponent('{"dateFrom":"9999-12-31T23:59:59Z"}'),
  encodeURIComponent('{"dateFrom":"0000-01-01"}'), encodeURIComponent('{"__proto__":{"q":"x"}}'), encodeURIComponent('{"status":{"$ne":1}}'), encodeURIComponent('['.repeat(5_000)), 'not%20json',
];
/** Text no form produces, for any field: half of the values put where the schema wants one. */
const NASTY_TEXT = ['\u0000', 'a\u0000b', 'Amaka\u0000', '\u0001', '\u0007bell', '\u001b[31m', 'line\nbreak', 'tab\there', '\r\n\r\nInjected: header', '\ud800', 'a\udfffb'];
/** Other values where the schema wants one. */
const NASTY_VALUES: unknown[] = [
  '\u202eevil', '\ufeff', 'x'.repeat(5_000), '', ' ', '🚗'.repeat(100), '../../etc/passwd', "'; drop table events; --", '<script>alert(1)</script>',
  1e300, -1e300, -1, 0, 2 ** 53, 1.5, true, false, null, [], {}, ['\u0000'], { '\u0000': 1 }, { __proto__: { polluted: true } },
];
/** Whole bodies that are not what a JSON route wants. */
const NASTY_JSON_BODIES = [
  '', ' ', '{', '{"a":', 'null', '[]', '"text"', '0', 'true', '{"a":1e400}', '{"a":NaN}', '\ufeff{}', '{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"a":1,"a":2}',
  '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, `{"a":"${HUGE}"}`, '\u0000',
];
const NASTY_CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/jsonx',
  'application/xml', 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=nope', `multipart/form-data; boundary=${'b'.repeat(200)}`,
  'image/png', '*/*', 'application/json, text/plain',
];

// ---------------------------------------------------------------------------------------------------------------
// Requests.

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was broken, for the failure list. */
  label: string;
}

const PNG = pngOfSize(0);

/** The parts a multipart route accepts: its form's text fields and one image per slot, or its one file. */
function multipartBase(path: string, fixtures: Pick<Fixtures, 'sellFields' | 'tradeInFields'>): { fields: Record<string, string>; files: FilePart[] } {
  const image = (name: string): FilePart => ({ name, filename: `${name}.png`, type: 'image/png', content: PNG });
  if (path.includes('sell-car')) return { fields: fixtures.sellFields, files: SELL_CAR_PHOTO_SLOTS.map(({ slot }) => image(slot)) };
  if (path.includes('trade-in')) return { fields: fixtures.tradeInFields, files: TRADE_IN_PHOTO_SLOTS.map(({ slot }) => image(slot)) };
  if (path.includes('import')) {
    const vehicle = { ...catalogueListings()[0], id: 'fuzz-import-0001' };
    return { fields: {}, files: [{ name: 'file', filename: 'vehicles.json', type: 'application/json', content: Buffer.from(JSON.stringify([vehicle])) }] };
  }
  return { fields: {}, files: [image('image')] };
}

/** A multipart body by hand, so that it can be broken in ways FormData refuses to. */
function rawMultipart(boundary: string, parts: Array<{ headers: string[]; content: Buffer | string }>, end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

async function brokenMultipart(random: Random, base: { fields: Record<string, string>; files: FilePart[] }): Promise<{ label: string; contentType: string; body: Buffer }> {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const fieldPart = (name: string, value: string) => ({ headers: [`Content-Disposition: form-data; name="${name}"`], content: Buffer.from(value) });
  const filePart = (file: FilePart) => ({ headers: [`Content-Disposition: form-data; name="${file.name}"; filename="${file.filename}"`, `Content-Type: ${file.type}`], content: file.content });
  const parts = [...Object.entries(base.fields).map(([name, value]) => fieldPart(name, value)), ...base.files.map(filePart)];
  const whole = rawMultipart(boundary, parts);
  const fieldNames = Object.keys(base.fields);
  // Half of them put bad text in one field of an otherwise good form; the rest break the body itself.
  const kind = random.chance(0.5) ? 4 : random.int(0, 17);
  switch (kind) {
    case 0:
      return { label: 'multipart without boundary', contentType: 'multipart/form-data', body: whole };
    case 1:
      return { label: 'multipart with another boundary', contentType: 'multipart/form-data; boundary=somethingElse', body: whole };
    case 2:
      return { label: 'multipart cut short', contentType, body: whole.subarray(0, random.int(1, whole.length - 1)) };
    case 3:
      return { label: 'multipart without closing boundary', contentType, body: rawMultipart(boundary, parts, false) };
    case 4: {
      const name = fieldNames.length > 0 ? random.pick(fieldNames) : 'note';
      const value = random.pick([...NASTY_TEXT, '\r\n\r\n--x', 'x'.repeat(5_000)]);
      return { label: `multipart field ${name} = ${JSON.stringify(value.slice(0, 20))}`, contentType, body: rawMultipart(boundary, [...parts.filter((part) => !part.headers[0]!.includes(`name="${name}"`)), fieldPart(name, value)]) };
    }
    case 5:
      return { label: 'multipart field name with NUL', contentType, body: rawMultipart(boundary, [fieldPart('full\u0000Name', 'x'), ...parts]) };
    case 6:
      return { label: 'multipart file name with NUL and a path', contentType, body: rawMultipart(boundary, [...parts.slice(0, -1), filePart({ ...base.files[0]!, filename: '..\\..\u0000/evil.png' })]) };
    case 7:
      return { label: 'multipart field over the size limit', contentType, body: rawMultipart(boundary, [fieldPart(fieldNames[0] ?? 'note', 'y'.repeat(200_000)), ...parts]) };
    case 8:
      return { label: 'multipart with 300 parts', contentType, body: rawMultipart(boundary, [...parts, ...Array.from({ length: 300 }, (_, index) => fieldPart(`extra${index}`, 'x'))]) };
    case 9:
      return { label: 'multipart file in an unknown part', contentType, body: rawMultipart(boundary, [...parts, filePart({ ...base.files[0]!, name: 'evil' })]) };
    case 10:
      return { label: 'multipart PDF instead of an image', contentType, body: rawMultipart(boundary, [...parts.slice(0, -1), filePart({ ...base.files[0]!, content: PDF, type: 'image/png' })]) };
    case 11:
      return { label: 'multipart empty body', contentType, body: Buffer.alloc(0) };
    case 12:
      return { label: 'multipart garbage', contentType, body: Buffer.from(Array.from({ length: 2_000 }, () => random.int(0, 255))) };
    case 13:
      return { label: 'multipart part without Content-Disposition', contentType, body: rawMultipart(boundary, [{ headers: ['Content-Type: text/plain'], content: 'x' }, ...parts]) };
    case 14:
      return { label: 'multipart part with broken headers', contentType, body: rawMultipart(boundary, [{ headers: ['Content-Disposition: form-data; name="a', 'X: \u00ff'], content: 'x' }, ...parts]) };
    case 15:
      return { label: 'multipart file over 5 MB', contentType, body: rawMultipart(boundary, [...parts.slice(0, -1), filePart({ ...base.files[0]!, content: pngOfSize(5 * 1024 * 1024 + 10) })]) };
    case 16:
      return { label: 'multipart same file twice', contentType, body: rawMultipart(boundary, [...parts, filePart(base.files[0]!)]) };
    default: {
      const form = await multipartBody(base.fields, base.files);
      return { label: 'multipart as text/plain', contentType: 'text/plain', body: form.payload };
    }
  }
}

/** Sets one leaf of a JSON value (objects and arrays walked at random) to `replacement`; answers the path. */
function replaceLeaf(value: unknown, replacement: unknown, random: Random, path = ''): { value: unknown; path: string } {
  if (Array.isArray(value) && value.length > 0 && random.chance(0.8)) {
    const index = random.int(0, value.length - 1);
    const inner = replaceLeaf(value[index], replacement, random, `${path}[${index}]`);
    return { value: value.map((item, at) => (at === index ? inner.value : item)), path: inner.path };
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0 && random.chance(0.85)) {
    const key = random.pick(Object.keys(value));
    const inner = replaceLeaf((value as Record<string, unknown>)[key], replacement, random, `${path}.${key}`);
    return { value: { ...value, [key]: inner.value }, path: inner.path };
  }
  return { value: replacement, path: path || '(body)' };
}

interface Fixtures {
  ids: string[];
  variantId: string;
  imageFile: string;
  statusToken: string;
  sellFields: Record<string, string>;
  tradeInFields: Record<string, string>;
}

/** A value the route accepts for a path parameter: one of the records made before the run, by name. */
function goodSegment(name: string, fixtures: Fixtures, random: Random): string {
  if (name === 'variantId') return encodeURIComponent(fixtures.variantId);
  if (name === 'file') return fixtures.imageFile;
  if (name === 'slot') return 'front';
  return encodeURIComponent(random.pick(fixtures.ids));
}

function goodQuery(parameter: Parameter, document: OpenApiDocument, fixtures: Fixtures, random: Random): string {
  switch (parameter.name) {
    case 'sort':
      return encodeURIComponent(JSON.stringify([random.pick(['id', 'receivedAt', 'name']), random.pick(['ASC', 'DESC'])]));
    case 'range':
      return encodeURIComponent('[0,9]');
    case 'filter':
      return encodeURIComponent(random.pick(['{}', '{"q":"toy"}', `{"id":["${random.pick(fixtures.ids)}"]}`, '{"status":"pending"}']));
    case 'token':
      return fixtures.statusToken;
    default:
      return encodeURIComponent(String(sample(document, parameter.schema, random, parameter.name)));
  }
}

async function generate(operation: Operation, document: OpenApiDocument, fixtures: Fixtures, random: Random): Promise<FuzzRequest> {
  const segments: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) segments[parameter.name] = goodSegment(parameter.name, fixtures, random);
  const query: Array<[string, string]> = operation.parameters
    .filter((parameter) => parameter.in === 'query' && (parameter.required || random.chance(0.5)))
    .map((parameter) => [parameter.name, goodQuery(parameter, document, fixtures, random)]);
  const headers: Record<string, string> = {};
  let body: Buffer | undefined;
  let bodyValue: unknown;
  if (operation.bodyType === 'application/json') {
    bodyValue = sample(document, operation.bodySchema!, random);
    headers['content-type'] = 'application/json';
  }
  const multipart = operation.bodyType === 'multipart/form-data' ? multipartBase(operation.path, fixtures) : undefined;
  let label = 'as the schema wants';

  const mutations = [
    'path', 'query', 'query', 'header', 'none',
    ...(bodyValue !== undefined ? ['json-leaf', 'json-leaf', 'json-leaf', 'json-shape', 'json-body', 'content-type'] : []),
    ...(multipart ? ['multipart', 'multipart', 'multipart', 'multipart', 'content-type'] : []),
  ].filter((mutation) => mutation !== 'path' || Object.keys(segments).length > 0);
  const mutation = random.pick(mutations);
  switch (mutation) {
    case 'path': {
      const name = random.pick(Object.keys(segments));
      segments[name] = random.pick(NASTY_SEGMENTS);
      label = `path ${name} = ${segments[name].slice(0, 40)}`;
      break;
    }
    case 'query': {
      const declared = operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      const name = declared.length > 0 && random.chance(0.85) ? random.pick(declared) : random.pick(['x', 'q', '__proto__', 'id', '%00']);
      const value = random.pick(NASTY_QUERY_VALUES);
      const repeated = random.chance(0.15);
      query.splice(0, query.length, ...query.filter(([key]) => key !== name), [name, value], ...(repeated ? ([[name, value]] as Array<[string, string]>) : []));
      label = `query ${name} = ${value.slice(0, 40)}${repeated ? ' (twice)' : ''}`;
      break;
    }
    case 'header': {
      const choice = random.int(0, 5);
      if (choice === 0) headers['idempotency-key'] = random.pick(['short', 'x'.repeat(500), 'abc def ghi', 'é'.repeat(10), 'valid-key-0001', '%00%00%00%00%00']);
      if (choice === 1) headers['cookie'] = random.pick(['autobest_session=%00', `autobest_session=${'x'.repeat(8_000)}`, 'autobest_session', 'autobest_session=%ZZ', '=;;=', 'autobest_session=a; autobest_session=b']);
      if (choice === 2) headers['x-request-id'] = random.pick(['x'.repeat(1_000), '%00', '../../', 'é']);
      if (choice === 3) headers['accept-encoding'] = random.pick(['br;q=NaN', 'gzip;q=1e300', 'x'.repeat(2_000), '*;q=-1']);
      if (choice === 4) headers['accept-language'] = random.pick(['x'.repeat(3_000), '*;q=NaN', 'fr-CI;q=0.8, en;q=1e300', '\u00ff']);
      if (choice === 5) headers['content-length'] = 'not a number';
      label = `header ${Object.keys(headers).find((key) => key !== 'content-type') ?? ''}`;
      break;
    }
    case 'json-leaf': {
      const replacement = random.chance(0.5) ? random.pick(NASTY_TEXT) : random.pick(NASTY_VALUES);
      const replaced = replaceLeaf(bodyValue, replacement, random);
      bodyValue = replaced.value;
      label = `body${replaced.path} = ${JSON.stringify(replacement)?.slice(0, 40)}`;
      break;
    }
    case 'json-shape': {
      const value = bodyValue as Record<string, unknown>;
      const choice = random.int(0, 3);
      if (choice === 0 && value && typeof value === 'object') {
        const key = Object.keys(value).length > 0 ? random.pick(Object.keys(value)) : 'x';
        bodyValue = Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
        label = `body without ${key}`;
      } else if (choice === 1) {
        bodyValue = { ...value, [random.pick(['\u0000', 'a\u0000', 'role', '__proto__', 'x'.repeat(300)])]: random.pick(NASTY_VALUES) };
        label = 'body with an extra key';
      } else if (choice === 2) {
        let nested: unknown = 'deep';
        for (let level = 0; level < 3_000; level++) nested = { a: nested };
        bodyValue = replaceLeaf(bodyValue, nested, random).value;
        label = 'body nested 3000 deep';
      } else {
        bodyValue = replaceLeaf(bodyValue, HUGE, random).value;
        label = 'body over 64 KB';
      }
      break;
    }
    case 'json-body': {
      body = Buffer.from(random.pick(NASTY_JSON_BODIES));
      label = `body text ${body.toString().slice(0, 30)}`;
      break;
    }
    case 'content-type': {
      headers['content-type'] = random.pick(NASTY_CONTENT_TYPES);
      label = `content-type ${headers['content-type'].slice(0, 60)}`;
      break;
    }
    case 'multipart': {
      const broken = await brokenMultipart(random, multipart!);
      headers['content-type'] = broken.contentType;
      body = broken.body;
      label = broken.label;
      break;
    }
  }

  if (body === undefined && bodyValue !== undefined) body = Buffer.from(JSON.stringify(bodyValue));
  if (body === undefined && multipart) {
    const form = await multipartBody(multipart.fields, multipart.files);
    body = form.payload;
    headers['content-type'] ??= form.headers['content-type'];
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => segments[name]!);
  const search = query.map(([key, value]) => `${key}=${value}`).join('&');
  return { method: operation.method, path: search ? `${path}?${search}` : path, headers, ...(body ? { body } : {}), label };
}

// ---------------------------------------------------------------------------------------------------------------
// Sending, and what a refused request must leave behind.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * The body as a client reads it: an answer the server compressed (the request's Accept-Encoding allowed it, however
 * oddly written) is decoded as its Content-Encoding says; one that does not decode so fails the shape check, named.
 */
function decoded(body: Buffer, encoding: string | undefined): string {
  const decode = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync }[encoding ?? ''] ?? ((raw: Buffer) => raw);
  try {
    return decode(body).toString('utf8');
  } catch {
    return `(a body that does not decode as its Content-Encoding ${encoding} says)`;
  }
}

function send(port: number, agent: http.Agent, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, agent, method: request.method, path: request.path, headers: request.headers, timeout: 20_000 },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: decoded(Buffer.concat(chunks), incoming.headers['content-encoding']) }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 20 s')));
    outgoing.on('error', reject);
    // The server may answer (413, 400) and close before it has read a large body; the answer still counts.
    outgoing.end(request.body);
  });
}

async function countFiles(directory: string): Promise<number> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  const counts = await Promise.all(entries.map((entry) => (entry.isDirectory() ? countFiles(join(directory, entry.name)) : 1)));
  return counts.reduce((sum, count) => sum + count, 0);
}

// ---------------------------------------------------------------------------------------------------------------

let t: TestApp;
let port: number;
let cookie: string;
let document: OpenApiDocument;
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp('api_fuzz', LOOSE_PUBLIC_WRITE_LIMITS);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  cookie = await signIn(t.app);

  // Records for the requests to name, so that handlers get past "not found".
  const listings = catalogueListings().slice(0, 3);
  await seedCatalogue(t.testDb.db, listings);
  const sellFields = {
    fullName: 'Tunde Bakare', phoneNumber: '+234 803 555 0142', email: 'tunde@example.ng', make: 'Toyota', model: 'Corolla', year: '2018', odometer: '84000',
    vin: '', fuelType: 'petrol', transmission: 'automatic', knownIssues: 'None', underFinance: 'no', askingPrice: '5200000', consent: 'true',
  };
  const tradeInFields = {
    fullName: 'Zainab Musa', phoneNumber: '0803 555 0177', email: 'zainab@example.ng', vehicleMake: 'Honda', model: 'Accord', year: '2016', odometer: '120000',
    fuelType: 'petrol', transmission: 'automatic', underFinance: 'no', consent: 'true',
  };
  const created: string[] = [];
  let statusToken = '';
  for (const [path, fields] of [['sell-car-submissions', sellFields], ['trade-in-submissions', tradeInFields]] as const) {
    const base = multipartBase(path, { sellFields, tradeInFields });
    const form = await multipartBody(fields, base.files);
    const answer = await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: form.payload, headers: form.headers });
    expect(answer.statusCode, answer.body).toBe(201);
    const { id, statusUrl } = answer.json<{ id: string; statusUrl: string }>();
    created.push(id);
    statusToken = new URL(statusUrl, 'http://x').searchParams.get('token')!;
  }
  const enquiry = await t.app.inject({ method: 'POST', url: '/api/enquiries', payload: { kind: 'deal', fullName: 'Ngozi Eze', phone: '+234 803 555 0101', subject: 'Price' } });
  const contact = await t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '08035550199', message: 'hi' } });
  // News: a source, an article the workers would have read from it, and the curated videos.
  const newsSource = await t.app.inject({ method: 'POST', url: '/api/admin/news-sources', headers: { cookie }, payload: { name: 'Fuzz feed', url: 'https://feeds.example.com/rss', region: 'african' } });
  expect(newsSource.statusCode).toBe(201);
  const newsSourceId = newsSource.json<{ id: string }>().id;
  const articleId = '0123456789abcdef0123456789abcdef';
  await t.testDb.db
    .insertInto('news_articles')
    .values({ id: articleId, source_id: newsSourceId, title: 'Fuzzed story', excerpt: 'x', url: 'https://feeds.example.com/story', image: '/placeholder.svg', category: 'Industry News', publish_date: new Date(), dated: true })
    .execute();
  await seedReviewVideos(t.testDb.db, SEED_REVIEW_VIDEOS.slice(0, 2));
  const image = await multipartBody({}, [{ name: 'image', filename: 'car.png', type: 'image/png', content: PNG }]);
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/admin/vehicle-images', payload: image.payload, headers: { ...image.headers, cookie } });
  expect([enquiry.statusCode, contact.statusCode, uploaded.statusCode]).toEqual([201, 201, 201]);
  // Read models must hold these records before staff commands name them. A catch-up reads only what every open
  // transaction in the cluster has committed past, so under other tests' load one pass may not see them yet.
  const projector = new Projector(t.testDb.db, allProjections);
  await vi.waitFor(
    async () => {
      await projector.catchUp();
      expect(Object.values(await projector.lag()).every((behind) => behind === 0)).toBe(true);
    },
    { timeout: 30_000, interval: 200 },
  );
  const videoIds = (await t.testDb.db.selectFrom('review_videos').select('id').execute()).map((row) => row.id);
  fixtures = {
    ids: [
      ...listings.map((listing) => listing.id),
      ...created,
      enquiry.json<{ id: string }>().id,
      contact.json<{ id: string }>().id,
      newsSourceId,
      articleId,
      ...videoIds,
      '00000000-0000-4000-8000-000000000001',
    ],
    variantId: catalogueVariants()[0]!.variantId,
    imageFile: uploaded.json<{ url: string }>().url.split('/').pop()!,
    statusToken,
    sellFields,
    tradeInFields,
  };
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })).json<OpenApiDocument>();
});
afterAll(async () => {
  await t?.close();
});

describe(`fuzzing every route (seed ${FUZZ_SEED}, ${FUZZ_REQUESTS} requests)`, () => {
  it('answers no 5xx, records nothing for a refused request and refuses in our error shape', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(60);
    const random = seededRandom(FUZZ_SEED);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const recorded = async () => {
      const [row, files] = await Promise.all([
        sql<Record<string, number>>`
          select (select count(*) from events)::int as events, (select count(*) from analytics_events)::int as analytics,
                 (select count(*) from sent_emails)::int as emails, (select count(*) from idempotency_keys)::int as idempotency_keys,
                 (select count(*) from staff_sessions)::int as sessions`.execute(t.testDb.db),
        countFiles(t.config.uploadsDir),
      ]);
      return JSON.stringify({ ...row.rows[0], files });
    };

    const sameButEvents = (before: string, after: string, events: number) => {
      const [was, is] = [JSON.parse(before) as Record<string, number>, JSON.parse(after) as Record<string, number>];
      return is['events'] === was['events']! + events && JSON.stringify({ ...is, events: 0 }) === JSON.stringify({ ...was, events: 0 });
    };
    const serverErrors: string[] = [];
    const recordedWhenRefused: string[] = [];
    const wrongShape: string[] = [];
    const byStatus = new Map<number, number>();
    const started = performance.now();
    let before = await recorded();
    for (let index = 0; index < FUZZ_REQUESTS; index++) {
      const operation = operations[index % operations.length]!;
      const request = await generate(operation, document, fixtures, random);
      // Signing out would end the run's own session; that route is fuzzed without one.
      const withSession = random.chance(0.7) && !(operation.method === 'DELETE' && operation.path === '/api/admin/session');
      if (withSession) Object.assign(request.headers, { cookie: request.headers['cookie'] ?? cookie, origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' });
      const describeRequest = `#${index} ${request.method} ${request.path.slice(0, 120)}${withSession ? ' (staff)' : ''} [${request.label}]`;
      let answer: Answer;
      try {
        answer = await send(port, agent, request);
      } catch (error) {
        serverErrors.push(`${describeRequest} -> no answer: ${(error as Error).message}`);
        continue;
      }
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) serverErrors.push(`${describeRequest} -> ${answer.status} ${answer.body.slice(0, 200)}`);
      const after = await recorded();
      if (answer.status >= 400 && answer.status < 500) {
        // A refused sign-in is recorded on purpose (one event: the activity trail shows failed sign-ins), and the first
        // one past an account's limit also records that the limit was reached (its owner is emailed); nothing else is.
        const signInRefusal =
          request.method === 'POST' && operation.path === '/api/admin/session' && (sameButEvents(before, after, 1) || (answer.status === 429 && sameButEvents(before, after, 2)));
        if (after !== before && !signInRefusal) recordedWhenRefused.push(`${describeRequest} -> ${answer.status}: ${before} became ${after}`);
        // Answers the app itself gave (not Node's HTTP parser) carry { error, message }.
        if (answer.headers['x-request-id']) {
          const parsed = (() => {
            try {
              return JSON.parse(answer.body) as { error?: unknown; message?: unknown };
            } catch {
              return undefined;
            }
          })();
          if (typeof parsed?.error !== 'string' || typeof parsed.message !== 'string') wrongShape.push(`${describeRequest} -> ${answer.status} ${answer.body.slice(0, 120)}`);
        }
      }
      before = after;
    }
    agent.destroy();

    const statuses = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
    const limited = byStatus.get(429) ?? 0;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`fuzz seed ${FUZZ_SEED}: ${FUZZ_REQUESTS} requests over ${operations.length} operations in ${seconds} s; ${statuses}; 429 share ${((100 * limited) / FUZZ_REQUESTS).toFixed(1)} %`);
    expect.soft(serverErrors, `${serverErrors.length} requests answered 5xx or nothing:\n${serverErrors.join('\n')}`).toEqual([]);
    expect.soft(recordedWhenRefused, `${recordedWhenRefused.length} refused requests recorded something:\n${recordedWhenRefused.join('\n')}`).toEqual([]);
    expect.soft(wrongShape, `${wrongShape.length} refusals not in our error shape:\n${wrongShape.join('\n')}`).toEqual([]);
    // Most requests must reach the handlers rather than a rate limit.
    expect(limited).toBeLessThan(FUZZ_REQUESTS / 5);
  }, Math.max(300_000, FUZZ_REQUESTS * 100));
});
