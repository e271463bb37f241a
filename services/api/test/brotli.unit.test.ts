import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brotliCompressor } from '../src/platform/brotli';

const zlibBytes = (body: Buffer, quality: number) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

/** JSON like a search answer's: cards much alike, in any number. */
const answerLike = (cards: number, seed: number) =>
  Buffer.from(JSON.stringify({ items: Array.from({ length: cards }, (_, n) => ({ id: `gen-${seed}-${n}`, name: `Chery Tiggo ${n % 9} Pro`, price: (seed * 7919 + n * 104_729) % 90_000_000, city: ['Lagos', 'Abuja', 'Accra', 'Nairobi'][(seed + n) % 4] })), total: seed }));

describe('brotliCompressor', () => {
  // On a Node not read for it (after an upgrade to another major version), the compressor still works, one encoder per
  // call: this test says so, and the rest hold the reused encoder to zlib's bytes.
  it.each([0, 1])('reuses one encoder on this Node, at quality %i', (quality) => {
    expect(brotliCompressor(quality).reusesEncoder).toBe(true);
  });

  it.each([0, 1])("gives zlib's own bytes at quality %i, whatever came before (sizes, text or noise, empty)", (quality) => {
    const compress = brotliCompressor(quality);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.tuple(fc.integer({ min: 0, max: 200 }), fc.nat()).map(([cards, seed]) => answerLike(cards, seed)),
            fc.integer({ min: 0, max: 70_000 }).map((length) => randomBytes(length)),
            fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        (bodies) => {
          for (const body of bodies) expect(compress(body).equals(zlibBytes(body, quality))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives each answer bytes of its own: a later answer does not write over an earlier one', () => {
    const compress = brotliCompressor(0);
    const first = answerLike(24, 1);
    const sent = compress(first);
    const copy = Buffer.from(sent);
    compress(answerLike(24, 2));
    compress(randomBytes(40_000));
    expect(sent.equals(copy)).toBe(true);
    expect(zlib.brotliDecompressSync(sent).equals(first)).toBe(true);
  });

  it('compresses a subarray of a larger buffer (a search answer in the card store) as it is', () => {
    const compress = brotliCompressor(0);
    const whole = Buffer.concat([Buffer.from('xxxx'), answerLike(30, 3), Buffer.from('yyyy')]);
    const part = whole.subarray(4, whole.length - 4);
    expect(zlib.brotliDecompressSync(compress(part)).equals(part)).toBe(true);
  });

  it('makes an input larger than the kept encoder takes one per call, to the same bytes', () => {
    const compress = brotliCompressor(0);
    const large = answerLike(20_000, 4);
    expect(large.length).toBeGreaterThan(1 << 20);
    expect(compress(large).equals(zlibBytes(large, 0))).toBe(true);
  });
});
