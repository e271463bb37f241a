import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Email } from './templates';

export interface Mailer {
  /** 'log' keeps the email in sent_emails and the log only; 'smtp' really sends it. */
  readonly transport: 'log' | 'smtp';
  send(email: Email): Promise<{ messageId: string | null }>;
  close(): void;
}

export function createMailer(smtpUrl: string | undefined, from: string, logger: Logger): Mailer {
  if (!smtpUrl) {
    return {
      transport: 'log',
      async send(email) {
        logger.info({ to: email.to, subject: email.subject, template: email.template }, 'email recorded (no SMTP_URL set)');
        return { messageId: null };
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(email) {
      const info = await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
      logger.info({ to: email.to, subject: email.subject, messageId: info.messageId }, 'email sent');
      return { messageId: info.messageId ?? null };
    },
    close() {
      transporter.close();
    },
  };
}
