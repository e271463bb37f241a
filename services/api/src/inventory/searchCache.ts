import type { FastifyReply, FastifyRequest } from 'fastify';
import { PrecompressedJson, sendJsonMadeOnce, sendPrecompressed } from '../process/precompressed';
import { RecentlySeen, TtlCache } from '../process/ttlCache';
import type { CountedFacets } from './facetPlan';

/** Catalogue answers may be a minute old in browsers and proxies, and five while they fetch them again. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/**
 * The catalogue changes every few minutes; answers may be the caches' lifetime old. Whole answers, already
 * serialised (and compressed once a client asks), per URL; and totals with facets per filter set, which every
 * sort and page of one search share.
 *
 * Measured on `npm start` with 100,000 vehicles (`bench:search -- --url … --popular`: the fourteen everyday shapes asked
 * again and again; two runs of three rounds each, interleaved, 30 November, a slow and uneven day):
 * - the answers: 6,827-12,818 searches a second at 81-152 µs of the API's CPU each, against 3,364-4,964 at 306-462
 *   µs with them off (each answer then made again from the index, joined and compressed);
 * - the facets, on the SQL path (SEARCH_INDEX=sql, answers off, so every request is a search in PostgreSQL):
 *   123-227 searches a second against 62-83 with them off.
 */
export function searchCaches(ttlMs: number) {
  return {
    answers: new TtlCache<PrecompressedJson>(ttlMs, 2000),
    /** URLs answered from the search index, whose answers are kept if asked for again. */
    askedBefore: new RecentlySeen(ttlMs, 20_000),
    facets: new TtlCache<CountedFacets>(ttlMs, 2000),
  };
}

/**
 * A search answer with the headers every copy of it carries, compressed as the client accepts: one kept, or one made
 * for this request alone in bytes written over after it (sendJsonMadeOnce).
 */
export function sendSearchAnswer(request: FastifyRequest, reply: FastifyReply, answer: PrecompressedJson | Buffer): FastifyReply {
  reply.header('Cache-Control', CATALOGUE_CACHE_CONTROL);
  return answer instanceof PrecompressedJson ? sendPrecompressed(request, reply, answer) : sendJsonMadeOnce(request, reply, answer);
}
