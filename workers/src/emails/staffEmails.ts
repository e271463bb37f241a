import { parseStoredEvent, type StoredEvent } from '@autobest/db';
import { PASSWORD_LINK_HOURS, setPasswordPath, StaffAccountEventSchema, StaffPasswordLinkIssuedSchema } from '@autobest/domain';
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

/**
 * Browsers that never signed in to the account used up its sign-in attempts (recorded once a window): the owner
 * learns when, roughly from where, and that their own browser still signs them in. Nothing in it opens anything.
 */
export function staffSignInLimitEmails(stored: StoredEvent): PlannedEmails | null {
  const event = parseStoredEvent(StaffAccountEventSchema, stored);
  if (event.type !== 'StaffSignInLimitReached') return null;
  const { staffUserId, email, name, network, attempts, windowMinutes } = event.data;
  const when = `${stored.occurredAt.toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
  const lines = [
    `Dear ${name},`,
    `On ${when}, sign-in to your account on the AutoBest Africa staff console (${email}) was tried more than ${attempts} times in ${windowMinutes} minutes with a wrong password or code, from browsers that have never signed in to it${network ? `; the last attempt came from the network ${network}` : ''}.`,
    `For up to ${windowMinutes} minutes, browsers that have not signed in to your account before cannot sign in to it. A browser you have signed in with before still signs you in as usual.`,
    'If this was you, wait and try again, or use your usual browser. If it was not, these attempts were refused; if you use the same password anywhere else, choose a new one under My account, and tell your administrator.',
  ];
  return {
    emails: [{ template: 'staff-sign-in-limit', to: email, subject: 'Sign-in attempts on your AutoBest Africa console account', text: lines.join('\n\n'), html: layout(lines.map(escapeHtml)) }],
    relatedId: staffUserId,
  };
}
