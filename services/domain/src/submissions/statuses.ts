// No zod here: the console imports these without the schemas.

/** Where staff stand with a sell-car or trade-in request: not looked at yet, looked at, or settled. */
export const SUBMISSION_STATUSES = ['pending', 'reviewed', 'finalized'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = { pending: 'Pending', reviewed: 'Reviewed', finalized: 'Finalized' };

/** A move staff may make: the spec lets a request go from any status to any other. */
export const isAllowedSubmissionMove = (from: SubmissionStatus, to: SubmissionStatus) => from !== to;
