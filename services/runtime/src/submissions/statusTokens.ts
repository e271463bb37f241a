import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What the owner's status link carries after `?token=`. */
export interface StatusTokens {
  /** The request's token: derived from its id under the server's secret, so it is never stored anywhere. */
  issue(submissionId: string): string;
  /**
   * True when `token` opens this request: the derived token, or, for a request made before tokens were derived,
   * the random token whose SHA-256 (hex) the request kept. Both comparisons run, in constant time, whatever matches.
   */
  verify(submissionId: string, token: string, legacyDigest: string | null): boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export function createStatusTokens(secret: string): StatusTokens {
  const issue = (submissionId: string) => createHmac('sha256', secret).update(`status-token:${submissionId}`).digest('base64url');
  return {
    issue,
    verify(submissionId, token, legacyDigest) {
      // Comparing digests keeps both sides the same length, so the comparison says nothing about the token's length.
      const given = sha256(token);
      const derived = timingSafeEqual(given, sha256(issue(submissionId)));
      const legacy = legacyDigest !== null && legacyDigest.length === 64 && timingSafeEqual(given, Buffer.from(legacyDigest, 'hex'));
      return derived || legacy;
    },
  };
}
