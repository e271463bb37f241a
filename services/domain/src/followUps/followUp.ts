import { z } from 'zod';
import { domainMessage, type DomainMessage } from '../platform/messages';
import { FOLLOW_UP_STATUSES, isAllowedFollowUpMove, type FollowUpStatus } from './statuses';

export * from './statuses';

const MAX_NOTE_LENGTH = 5000;

export const ChangeFollowUpStatusSchema = z.object({
  status: z.enum(FOLLOW_UP_STATUSES, { error: 'followUpStatusInvalid' }),
});

/** A staff note on a request: free text, kept with who wrote it and when. */
export const AddNoteSchema = z.object({
  text: z.string({ error: 'noteRequired' }).trim().min(1, 'noteRequired').max(MAX_NOTE_LENGTH, 'noteTooLong'),
});

/**
 * What staff do to a request they follow up, in the statuses of its area (a sell-car request's are its own); each
 * area's decider turns the answer into its own event.
 */
export type FollowUpCommand<Status extends string = FollowUpStatus> = { type: 'ChangeStatus'; status: Status; now: Date } | { type: 'AddNote'; text: string; now: Date };

export type FollowUpChange = { type: 'StatusChanged'; from: FollowUpStatus; to: FollowUpStatus; at: string } | { type: 'NoteAdded'; text: string; at: string };

/** A status change the rules refuse (see isAllowedFollowUpMove); `message` says why, by code, for the console. */
export class FollowUpStatusRefused extends Error {
  override readonly name = 'FollowUpStatusRefused';
  readonly refusal: DomainMessage;
  constructor(
    readonly from: FollowUpStatus,
    readonly to: FollowUpStatus,
  ) {
    const refusal = domainMessage('followUpBackToNew', { from });
    super(refusal.message);
    this.refusal = refusal;
  }
}

/**
 * The one rule of following a request up, for every area that has one: the status moves as isAllowedFollowUpMove
 * says (asking for the status it already has changes nothing), and a note is always added.
 */
export function decideFollowUp(command: FollowUpCommand, status: FollowUpStatus): FollowUpChange | null {
  const at = command.now.toISOString();
  if (command.type === 'AddNote') return { type: 'NoteAdded', text: command.text, at };
  if (command.status === status) return null;
  if (!isAllowedFollowUpMove(status, command.status)) throw new FollowUpStatusRefused(status, command.status);
  return { type: 'StatusChanged', from: status, to: command.status, at };
}
