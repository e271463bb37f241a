import { FOLLOW_UP_STATUS_LABELS, FOLLOW_UP_STATUSES, isAllowedFollowUpMove, type FollowUpStatus } from '@autobest/domain/followUps/statuses';
import { SUBMISSION_STATUS_LABELS, SUBMISSION_STATUSES, isAllowedSubmissionMove, type SubmissionStatus } from '@autobest/domain/submissions/statuses';

/** The statuses of a followed-up request as the domain has them (the moves allowed too), and their chips' colours. */
export interface StatusWorkflow<Status extends string> {
  statuses: readonly Status[];
  labels: Record<Status, string>;
  isAllowedMove(from: Status, to: Status): boolean;
  /** Waiting for someone yellow, under way blue, done green. */
  colours: Record<Status, 'warning' | 'info' | 'success'>;
}

/** Enquiries, contact messages, reservation requests and conversations. */
export const FOLLOW_UP_WORKFLOW: StatusWorkflow<FollowUpStatus> = {
  statuses: FOLLOW_UP_STATUSES,
  labels: FOLLOW_UP_STATUS_LABELS,
  isAllowedMove: isAllowedFollowUpMove,
  colours: { new: 'warning', contacted: 'info', closed: 'success' },
};

/** Sell-car and trade-in requests: any status to any other. */
export const SUBMISSION_WORKFLOW: StatusWorkflow<SubmissionStatus> = {
  statuses: SUBMISSION_STATUSES,
  labels: SUBMISSION_STATUS_LABELS,
  isAllowedMove: isAllowedSubmissionMove,
  colours: { pending: 'warning', reviewed: 'info', finalized: 'success' },
};

/** The choices of a status filter or picker. */
export const statusChoices = <Status extends string>({ statuses, labels }: StatusWorkflow<Status>) => statuses.map((status) => ({ id: status, name: labels[status] }));
