import { z } from 'zod';

/** The QA dashboard's server checks (of PostgreSQL, Redis, the catalogue...), and what one found. */

export const CHECK_STATUSES = ['pass', 'warning', 'fail'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const ServerCheckSchema = z.object({ id: z.string(), group: z.string(), name: z.string() });
export type ServerCheck = z.output<typeof ServerCheckSchema>;

export const ServerChecksSchema = z.object({ checks: z.array(ServerCheckSchema) });

export const ServerCheckResultSchema = ServerCheckSchema.extend({ status: z.enum(CHECK_STATUSES), detail: z.string(), durationMs: z.number() }).meta({ id: 'QaCheckResult' });
export type ServerCheckResult = z.output<typeof ServerCheckResultSchema>;
