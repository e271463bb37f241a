import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Content encodings the API sends, best first. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * Brotli at a cheap level and gzip at its default: answers made per request must not cost more than they
 * save on the wire (@fastify/compress; kept answers have their own, below).
 */
export const COMPRESSION = {
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
} as const;

/**
 * Answers made serialised (search, news) are compressed on the spot, in this thread, with zlib's synchronous calls:
 * about 40 µs for a 15 KB search answer. That this costs less than handing the work to zlib's thread pool (streams,
 * buffers and callbacks) was not measured; it is kept because it is also the plainer code (no promise per answer).
 * gzip at level 1, for clients without Brotli. Brotli at quality 1 for an answer kept and sent again (compressed once
 * per lifetime, its bytes sent every time), and at quality 0, its one-pass compressor, for one made for a single
 * request (the long tail of searches from memory), which sends 5% more bytes (2,098 against 1,997 on 300 long-tail
 * answers of 15 KB). Timed alone in one process, quality 0 saves only 5 µs an answer (36-40 against 41-45), and it was
 * dropped on that (30 November, afternoon). But `bench:search` against the commit that had it, four runs
 * interleaved, put the long tail at 205 µs of the API's CPU per search with it against 217 without (medians of six
 * rounds), and again that evening at 213 against 236, five of six rounds the same way each time: 5-10% of a search,
 * more than the compressor's own time (why, these runs do not show). So it came back. Quality 4 takes five times as
 * long.
 */
const compressorsAt = (brotliQuality: number): Record<ContentEncoding, (body: Buffer) => Buffer> => ({
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => zlib.gzipSync(body, { level: 1 }),
});
const keptCompressors = compressorsAt(1);
const onceCompressors = compressorsAt(0);

/** The encoding to answer in: Brotli, else gzip, if the Accept-Encoding header accepts it (q above 0, or `*`). */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.split(';');
    const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim().toLowerCase(), quality === undefined ? 1 : Number(quality));
  }
  const wildcard = accepted.get('*') ?? 0;
  return (['br', 'gzip'] as const).find((encoding) => (accepted.get(encoding) ?? wildcard) > 0);
}

/**
 * A JSON answer kept as sent: its UTF-8 bytes once, and each compressed form made the first time a client accepts it.
 * Made from a string, or from bytes already put together (a search answer from memory is its cards' bytes, joined).
 * Compressing a kept answer once instead of on every request took bench:search's cached mix, with a browser's
 * Accept-Encoding, from 2,194 to 13,357 requests a second (65a14f1: compressing 22 KB per request was the cost).
 */
export class PrecompressedJson {
  /** A plain object, not a Map: one is made for every answer from memory, thousands a second. */
  private readonly compressed: Partial<Record<ContentEncoding, Buffer>> = {};
  readonly body: Buffer;

  constructor(json: string | Buffer) {
    this.body = typeof json === 'string' ? Buffer.from(json) : json;
  }

  /** The answer as text (tests, logs); the bytes go out as they are. */
  get text(): string {
    return this.body.toString();
  }

  in(encoding: ContentEncoding): Buffer {
    return (this.compressed[encoding] ??= keptCompressors[encoding](this.body));
  }
}

/** The encoding to send `length` bytes in: small answers go out as they are, as @fastify/compress's threshold has it. */
const encodingFor = (request: FastifyRequest, length: number) => (length >= COMPRESSION.threshold ? acceptedEncoding(request.headers['accept-encoding']) : undefined);

/**
 * Sends a kept answer as JSON, compressed as the client accepts (small answers as they are). It was checked against
 * its schema when it was made, so it goes out as it is; the caller sets its Cache-Control.
 */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, answer: PrecompressedJson): FastifyReply {
  const encoding = encodingFor(request, answer.body.length);
  return sendJson(reply, encoding ? answer.in(encoding) : answer.body, encoding);
}

/**
 * Sends JSON made for this request alone in bytes its maker writes over afterwards (a search answer from memory, in
 * the card store's buffer): compressed into bytes of their own as the client accepts, else copied. As sendPrecompressed.
 */
export function sendJsonMadeOnce(request: FastifyRequest, reply: FastifyReply, json: Buffer): FastifyReply {
  const encoding = encodingFor(request, json.length);
  return sendJson(reply, encoding ? onceCompressors[encoding](json) : Buffer.from(json), encoding);
}

function sendJson(reply: FastifyReply, bytes: Buffer, encoding: ContentEncoding | undefined): FastifyReply {
  reply.header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(bytes);
}
