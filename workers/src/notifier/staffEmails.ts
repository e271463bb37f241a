import { parseStoredEvent, type StoredEvent } from '@autobest/db';
import { PASSWORD_LINK_HOURS, setPasswordPath, StaffPasswordLinkIssuedSchema } from '@autobest/domain';
import { escapeHtml, layout, WITHHELD_STATUS_TOKEN, type EmailContext, type PlannedEmails } from './templates';

/**
 * A set-password link for a new colleague (invitation) or someone locked out (reset). The link is written with the
 * placeholder; the deliverer puts the token in as it sends the email, so the outbox never holds a working link.
 */
export function staffAccountEmails(stored: StoredEvent, context: EmailContext): PlannedEmails | null {
  const event = parseStoredEvent(StaffPasswordLinkIssuedSchema, stored);
  const { linkId, email, name, purpose } = event.data;
  const link = `${context.publicUrl.replace(/\/$/, '')}${setPasswordPath(linkId)}?token=${WITHHELD_STATUS_TOKEN}`;
  const invited = purpose === 'invite';
  const subject = invited ? 'You are invited to the AutoBest Africa console' : 'Choose a new password for the AutoBest Africa console';
  const lines = [
    `Dear ${name},`,
    invited
      ? 'You have been given an account on the AutoBest Africa staff console. Choose your password with this link:'
      : 'A new password was asked for your account on the AutoBest Africa staff console. Choose it with this link:',
    link,
    `The link works once, for ${PASSWORD_LINK_HOURS} hours. If you did not expect this email, tell your administrator.`,
  ];
  return {
    emails: [{ template: invited ? 'staff-invitation' : 'staff-password-reset', to: email, subject, text: lines.join('\n\n'), html: layout(lines.map(escapeHtml)) }],
    relatedId: event.data.staffUserId,
    passwordLinkFor: linkId,
  };
}
