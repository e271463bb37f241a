import zlib from 'node:zlib';

const { BROTLI_OPERATION_FINISH, BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT, BROTLI_PARAM_LGBLOCK } = zlib.constants;

/** Brotli at `quality`, told the input's size, as zlib makes it: a stream, a native encoder and buffers per call. */
const madePerCall = (quality: number) => (body: Buffer) => zlib.brotliCompressSync(body, { params: { [BROTLI_PARAM_QUALITY]: quality, [BROTLI_PARAM_SIZE_HINT]: body.length } });

/**
 * The native side of one zlib.BrotliCompress (Node's `_handle`, not a public API): `init` makes its encoder afresh with
 * the parameters given (index: parameter; 2^32 - 1: left at its default), `writeSync` runs it on the input at once and
 * leaves in `writeState` how much room was left of the output, then how much input was not read.
 */
interface BrotliHandle {
  init(params: Uint32Array, writeState: Uint32Array, afterAsyncWrite: () => void): unknown;
  writeSync(operation: number, input: Uint8Array, inputOffset: number, inputLength: number, output: Uint8Array, outputOffset: number, outputLength: number): unknown;
  onerror: (message: string, errno: number) => void;
}

/** Node's major versions whose zlib handle was read for this (lib/zlib.js, src/node_zlib.cc) and tested. */
const READ_ON_NODE = [20];
/** Inputs larger than this go to madePerCall: the reused encoder's output buffer stays small. */
const LARGEST_INPUT = 1 << 20;
const UNSET = 0xffff_ffff;

/**
 * One encoder for the process, made again on the same native object for each input, so that a call makes no stream,
 * no native object for the garbage collector to find weak and no 16 KB output buffer; undefined where Node's zlib is
 * not as read here. Its answer is undefined when anything is unusual (zlib reported an error, input left unread, the
 * output full): the caller makes that one per call.
 */
function reusedEncoder(quality: number): ((body: Buffer) => Buffer | undefined) | undefined {
  // The native side checks its arguments with assertions that end the process: a Node whose handle differs would not
  // fail over to madePerCall, it would stop. Only the versions read here are used.
  if (!READ_ON_NODE.includes(Number(process.versions.node.split('.')[0]))) return undefined;
  const stream = new zlib.BrotliCompress() as unknown as { _handle?: Partial<BrotliHandle>; _writeState?: unknown };
  const handle = stream._handle;
  const writeState = stream._writeState;
  if (typeof handle?.init !== 'function' || typeof handle.writeSync !== 'function' || !(writeState instanceof Uint32Array) || writeState.length !== 2) return undefined;
  const { init, writeSync } = handle as BrotliHandle;
  let failed = false;
  // In place of the stream's own, which would destroy the stream: the call that failed is made per call instead.
  handle.onerror = () => {
    failed = true;
  };
  const params = new Uint32Array(BROTLI_PARAM_LGBLOCK + 16).fill(UNSET);
  params[BROTLI_PARAM_QUALITY] = quality;
  const afterAsyncWrite = () => {};
  let output = Buffer.allocUnsafe(1 << 16);
  return (body) => {
    if (!Buffer.isBuffer(body) || body.length > LARGEST_INPUT) return undefined;
    // Room for input that does not compress (stored as it is, a few bytes of framing per block).
    if (output.length < body.length + 1024) output = Buffer.allocUnsafe(2 * body.length + 1024);
    params[BROTLI_PARAM_SIZE_HINT] = body.length;
    failed = false;
    // As if nothing was written, should a failed write leave them as they were.
    writeState[0] = 0;
    writeState[1] = 1;
    try {
      init.call(handle, params, writeState, afterAsyncWrite);
      writeSync.call(handle, BROTLI_OPERATION_FINISH, body, 0, body.length, output, 0, output.length);
    } catch {
      // An encoder that could not be made (no memory): this one is made per call.
      return undefined;
    }
    const [roomLeft = 0, unread = 1] = writeState;
    if (failed || unread !== 0 || roomLeft === 0) return undefined;
    const compressed = Buffer.allocUnsafe(output.length - roomLeft);
    output.copy(compressed, 0, 0, compressed.length);
    return compressed;
  };
}

/** A JSON text of cards like the search's, about 3 KB, to check a reused encoder against zlib's own before using it. */
const SAMPLE = Buffer.from(JSON.stringify({ items: Array.from({ length: 12 }, (_, n) => ({ id: `gen-${n}-chery-tiggo-7-pro-${2020 + (n % 6)}`, price: 1_000_000 + n * 7919, city: ['Lagos', 'Abuja', 'Accra'][n % 3] })) }));

/**
 * Brotli at `quality` with the input's size as its hint: the bytes zlib.brotliCompressSync gives, made by an encoder
 * kept for the process (8-11 µs less per 15 KB search answer at quality 0, 27 against 35-39, and no native object per
 * answer for the garbage collector). It is used only if it gives zlib's bytes for a sample at start; otherwise, and
 * for any input it cannot take, each call makes its own as zlib does.
 */
export function brotliCompressor(quality: number): BrotliCompressor {
  const perCall = madePerCall(quality);
  let reused: ReturnType<typeof reusedEncoder>;
  try {
    reused = reusedEncoder(quality);
    if (reused && !reused(SAMPLE)?.equals(perCall(SAMPLE))) reused = undefined;
  } catch {
    reused = undefined;
  }
  if (!reused) return Object.assign(perCall, { reusesEncoder: false });
  const encoder = reused;
  return Object.assign((body: Buffer) => encoder(body) ?? perCall(body), { reusesEncoder: true });
}

/** Compresses; `reusesEncoder` says whether it found Node's zlib as it expects (tests hold it to true). */
export type BrotliCompressor = ((body: Buffer) => Buffer) & { readonly reusesEncoder: boolean };
