import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** A query parameter whose name says it carries a token, however its name is percent-encoded. */
const TOKEN_NAME = /token/i;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** The URL as logs may keep it: every token in its query (status links carry one) reads `[redacted]`. */
function redactUrlTokens(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const pairs = url.slice(queryStart + 1).split('&').map((pair) => {
    const name = pair.split('=', 1)[0] ?? '';
    return TOKEN_NAME.test(name) || TOKEN_NAME.test(decodedName(name)) ? `${name}=[redacted]` : pair;
  });
  return `${url.slice(0, queryStart + 1)}${pairs.join('&')}`;
}

/**
 * Fastify's request line without secrets: the URL's tokens redacted, and no headers at all (cookies and
 * Authorization stay out of the log).
 */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options with that request serializer; no logger stays no logger. */
export function withRedactedRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: loggedRequest } };
}
