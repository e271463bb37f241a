import { describe, expect, it } from 'vitest';
import { isPermanentRejection } from '../src/emails/delivery';

/** nodemailer's errors as it builds them (smtp-connection's _formatError): code, command, and the reply's code. */
const smtpError = (code: string, command: string, responseCode?: number) => Object.assign(new Error('failed'), { code, command, ...(responseCode ? { responseCode } : {}) });

describe('which mail server answers fail an email for good', () => {
  it.each([
    ['a recipient refused (550 at RCPT TO)', smtpError('EENVELOPE', 'RCPT TO', 550), true],
    ['the content refused (554 after DATA)', smtpError('EMESSAGE', 'DATA', 554), true],
    ['our sender refused for this message (553 at MAIL FROM)', smtpError('EENVELOPE', 'MAIL FROM', 553), true],
    ['an address nodemailer cannot send to at all', smtpError('EENVELOPE', 'API'), true],
    ['a busy server (421 after DATA)', smtpError('EMESSAGE', 'DATA', 421), false],
    ['a greylisted recipient (450 at RCPT TO)', smtpError('EENVELOPE', 'RCPT TO', 450), false],
    // Our credentials, not this email: fixing SMTP_URL must let every email through.
    ['a refused sign-in (535 to AUTH)', smtpError('EAUTH', 'AUTH PLAIN', 535), false],
    ['a greeting that never came', smtpError('ETIMEDOUT', 'CONN'), false],
    ['a refused connection', smtpError('ECONNECTION', 'CONN'), false],
    ['anything else', new Error('boom'), false],
  ])('%s', (_case, error, permanent) => {
    expect(isPermanentRejection(error)).toBe(permanent);
  });
});
