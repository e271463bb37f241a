import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { isAddressLiteral, isLocalHostName, isPublicAddress } from '@autobest/domain';

/** The spec's 10 s (section 7): the whole read, redirects and body included. */
const FEED_TIMEOUT_MS = 10_000;
/** Real feeds are tens or hundreds of kilobytes; a larger answer is not a feed we want, or an attack. */
const MAX_FEED_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface FeedRequest {
  url: string;
  /** Validators from the last read of this URL: a 304 answer then costs nothing. */
  etag?: string | null | undefined;
  lastModified?: string | null | undefined;
  /** Only where the installation says so (NEWS_ALLOW_PRIVATE_HOSTS): tests, feeds on an internal network. */
  allowPrivateHosts: boolean;
  userAgent: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** DNS, replaceable in tests (a name that resolves to a private address, or to a public and a private one). */
  resolve?: Resolver;
}

/** Every address a host name resolves to. */
export type Resolver = (hostname: string, family: number | undefined) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname, family) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true, ...(family ? { family } : {}) }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

export type FeedAnswer =
  | { status: 'not-modified'; finalUrl: string }
  | { status: 'ok'; finalUrl: string; body: Buffer; contentType: string | undefined; etag: string | undefined; lastModified: string | undefined };

/** The feed could not be read; `message` is what staff see in the console. */
export class FeedUnavailable extends Error {
  override readonly name = 'FeedUnavailable';
  constructor(
    message: string,
    /** How long the server asked us to wait (Retry-After on a 429 or 503). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB` : `${Math.round(bytes / 1024)} KB`);

const refusal = (host: string, address?: string) =>
  new FeedUnavailable(
    `Refused: ${host}${address && address !== host ? ` resolves to ${address}, which is` : ' is'} a loopback or private address (feeds must be on the public internet; NEWS_ALLOW_PRIVATE_HOSTS=true allows them)`,
  );

/**
 * DNS for the feed's connection: every address the name resolves to is checked, and the connection goes to an address
 * that was checked (no second lookup an attacker's DNS could answer differently). One private address among public
 * ones refuses the name: which one a connection would use is not ours to choose.
 */
function guardedLookup(allowPrivateHosts: boolean, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options.family === 4 || options.family === 6 ? options.family : undefined).then(
      (addresses) => {
        const refused = allowPrivateHosts ? undefined : addresses.find((candidate) => !isPublicAddress(candidate.address));
        if (refused) return callback(refusal(hostname, refused.address) as NodeJS.ErrnoException, '', 0);
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        const [first] = addresses as [LookupAddress];
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Refuses, before any connection, what no feed URL may name: another scheme, a private address literal, localhost. */
function checkTarget(url: URL, allowPrivateHosts: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedUnavailable(`Refused: ${url.protocol} addresses are not read, only http and https`);
  if (url.username || url.password) throw new FeedUnavailable('Refused: the address carries a user name or password');
  if (allowPrivateHosts) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalHostName(host) || (isAddressLiteral(host) && !isPublicAddress(host))) throw refusal(host);
}

function describeNetworkError(error: Error & { code?: string }, url: URL): string {
  if (error instanceof FeedUnavailable) return error.message;
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${url.hostname} could not be found (DNS)`;
    case 'ECONNREFUSED':
      return `${url.host} refused the connection`;
    case 'ECONNRESET':
      return `${url.host} closed the connection`;
    default:
      return `${url.host}: ${error.message}`;
  }
}

function retryAfterOf(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The answer's body, decompressed, refused as soon as it passes `maxBytes` (the download stops there). */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  const tooLarge = () => new FeedUnavailable(`The feed is larger than ${sizeText(maxBytes)}`);
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') {
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  }
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(createInflate());
  else if (encoding === 'br') stream = response.pipe(createBrotliDecompress());
  else if (encoding !== '' && encoding !== 'identity') throw new FeedUnavailable(`The feed came in an encoding we cannot read (${encoding})`);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // Counted after decompression too: a small compressed answer can unpack to gigabytes.
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    response.destroy();
    if (stream !== response) stream.destroy();
    if (error instanceof FeedUnavailable) throw error;
    throw new FeedUnavailable(`The feed's answer broke off: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks);
}

function get(url: URL, headers: Record<string, string>, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: 'GET', headers, lookup, signal, agent: false }, resolve);
    request.on('error', reject);
    request.end();
  });
}

/**
 * Reads a feed as a careful feed reader does: GET with an honest User-Agent and the last validators (ETag,
 * Last-Modified), at most MAX_REDIRECTS redirects, each hop checked again (scheme, address), the whole within the
 * timeout, the body capped. Anything but a feed's bytes or a 304 is a FeedUnavailable saying why.
 */
export async function fetchFeed(request: FeedRequest): Promise<FeedAnswer> {
  const timeoutMs = request.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = request.maxBytes ?? MAX_FEED_BYTES;
  const deadline = AbortSignal.timeout(timeoutMs);
  const lookup = guardedLookup(request.allowPrivateHosts, request.resolve ?? systemResolver);
  const headers: Record<string, string> = {
    'User-Agent': request.userAgent,
    Accept: 'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'Accept-Encoding': 'gzip, deflate, br',
  };
  if (request.etag) headers['If-None-Match'] = request.etag;
  if (request.lastModified) headers['If-Modified-Since'] = request.lastModified;

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new FeedUnavailable('The feed URL is not a valid address');
  }
  for (let hop = 0; ; hop++) {
    checkTarget(url, request.allowPrivateHosts);
    let response: IncomingMessage;
    try {
      response = await get(url, headers, lookup, deadline);
    } catch (error) {
      if (deadline.aborted) throw new FeedUnavailable(`No answer within ${timeoutMs / 1000} s`);
      throw new FeedUnavailable(describeNetworkError(error as Error, url));
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if ([301, 302, 303, 307, 308].includes(status) && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new FeedUnavailable(`More than ${MAX_REDIRECTS} redirects`);
      try {
        url = new URL(location, url);
      } catch {
        throw new FeedUnavailable(`Redirected to an invalid address (${location.slice(0, 200)})`);
      }
      continue;
    }
    if (status === 304) {
      response.resume();
      return { status: 'not-modified', finalUrl: url.toString() };
    }
    if (status < 200 || status >= 300) {
      response.resume();
      const retryAfterMs = status === 429 || status === 503 ? retryAfterOf(response.headers['retry-after']) : undefined;
      throw new FeedUnavailable(`The feed answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`, retryAfterMs);
    }
    try {
      const body = await readBody(response, maxBytes);
      return {
        status: 'ok',
        finalUrl: url.toString(),
        body,
        contentType: response.headers['content-type'],
        etag: response.headers.etag,
        lastModified: response.headers['last-modified'],
      };
    } catch (error) {
      if (deadline.aborted) throw new FeedUnavailable(`No answer within ${timeoutMs / 1000} s`);
      throw error;
    }
  }
}
