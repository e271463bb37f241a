import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { contentLanguageOf, type Email } from './templates';

/** An email as it leaves: its Message-ID is the same on every attempt. */
export interface OutgoingEmail extends Email {
  messageId?: string;
}

export interface Mailer {
  /** 'log' only logs the email (the outbox keeps it); 'smtp' really sends it. */
  readonly transport: 'log' | 'smtp';
  /** Resolves with the server's answer once it accepted the email; rejects with nodemailer's error otherwise. */
  send(email: OutgoingEmail): Promise<{ response: string }>;
  close(): void;
}

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

/** Without `timeouts`, nodemailer's own: 2 minutes to connect, 30 s for the greeting, 10 minutes of silence. */
export function createMailer(smtpUrl: string | undefined, from: string, logger: Logger, timeouts?: SmtpTimeouts): Mailer {
  if (!smtpUrl) {
    return {
      transport: 'log',
      async send(email) {
        logger.info({ to: email.to, subject: email.subject, template: email.template, messageId: email.messageId }, 'email recorded (no SMTP_URL set)');
        return { response: 'recorded in the log (no SMTP_URL set)' };
      },
      close() {},
    };
  }
  // A connection per email (no pool): a server that hangs on one costs that email its timeout, nothing more.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    ...(timeouts ? { connectionTimeout: timeouts.connectionMs, greetingTimeout: timeouts.greetingMs, socketTimeout: timeouts.socketMs } : {}),
  });
  return {
    transport: 'smtp',
    async send(email) {
      // Content-Language tells mail clients (and their translate offers, screen readers) what the reader's language is.
      const language = contentLanguageOf(email.html);
      const info = await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        ...(language ? { headers: { 'Content-Language': language } } : {}),
      });
      logger.info({ to: email.to, subject: email.subject, messageId: email.messageId, response: info.response }, 'email sent');
      return { response: info.response };
    },
    close() {
      transporter.close();
    },
  };
}
