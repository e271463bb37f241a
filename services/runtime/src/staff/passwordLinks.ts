import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a set-password link: an HMAC of the link's id under the server's secret, like a status token but
 * under a name of its own, so no status token (whose id an owner may know) ever opens a set-password link. It is kept
 * nowhere: the API checks it by deriving it again, and the deliverer derives it to put it into the email when it
 * sends it, so the outbox and the console's Emails hold only a placeholder. A link works once: using it deletes its
 * row, and a new link replaces the row of the old one.
 */
export interface PasswordLinkTokens {
  issue(linkId: string): string;
  verify(linkId: string, token: string): boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export function createPasswordLinkTokens(secret: string): PasswordLinkTokens {
  const issue = (linkId: string) => createHmac('sha256', secret).update(`staff-password-link:${linkId}`).digest('base64url');
  return {
    issue,
    // Digests on both sides: the comparison takes the same time whatever the given token's length.
    verify: (linkId, token) => timingSafeEqual(sha256(token), sha256(issue(linkId))),
  };
}
