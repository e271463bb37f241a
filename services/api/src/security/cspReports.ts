import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSP_REPORT_PATH } from '../plugins/securityHeaders';
import { errorResponses } from '../http/errors';

/** A report is one violation: a few hundred bytes plus the policy it quotes. */
const CSP_REPORT_BODY_LIMIT = 8 * 1024;

const url = z.string().max(4096).optional();
const text = z.string().max(1000).optional();
const position = z.number().int().nonnegative().optional();

/** What browsers send to `report-uri`: one violation per request, as application/csp-report. */
const CspReportSchema = z
  .object({
    'csp-report': z.object({
      'document-uri': url,
      referrer: url,
      'blocked-uri': url,
      'violated-directive': text,
      'effective-directive': text,
      'original-policy': z.string().max(4096).optional(),
      disposition: text,
      'source-file': url,
      'line-number': position,
      'column-number': position,
      'script-sample': text,
      'status-code': position,
    }),
  })
  .meta({ id: 'CspReport' });

/** What the log keeps of one violation. */
interface CspViolation {
  documentUrl: string | undefined;
  directive: string | undefined;
  blockedUrl: string | undefined;
  sourceFile: string | undefined;
  line: number | undefined;
  column: number | undefined;
  sample: string | undefined;
  disposition: string | undefined;
}

/** Status pages carry the owner's token in their query: no URL is logged with its query or fragment. */
const withoutQuery = (value: string | undefined) => value?.split(/[?#]/, 1)[0];

function violationOf({ 'csp-report': report }: z.output<typeof CspReportSchema>): CspViolation {
  return {
    documentUrl: withoutQuery(report['document-uri']),
    directive: report['effective-directive'] ?? report['violated-directive'],
    blockedUrl: withoutQuery(report['blocked-uri']),
    sourceFile: withoutQuery(report['source-file']),
    line: report['line-number'],
    column: report['column-number'],
    sample: report['script-sample'],
    disposition: report.disposition,
  };
}

/**
 * Browsers report what the Content-Security-Policy blocked here; each violation is logged at warn (a violation is
 * either an attack or a page needing something its policy does not allow). Limited per address; answers 204.
 */
export const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  // JSON under its own media type; parsed in this scope only, so no other route takes it.
  app.addContentTypeParser('application/csp-report', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));

  app.post(
    CSP_REPORT_PATH,
    {
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['security'],
        summary: "A browser's Content-Security-Policy violation report (the policies' report-uri)",
        consumes: ['application/csp-report', 'application/json'],
        body: CspReportSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      request.log.warn({ cspViolation: violationOf(request.body) }, 'Content-Security-Policy violation');
      return reply.code(204).send(null);
    },
  );
};
