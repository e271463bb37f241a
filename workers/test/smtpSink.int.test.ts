import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../src/testing';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

/** Says hello, opens a message and sends part of it, then resets the connection: a sender killed mid-email. */
function resetMidMessage(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((done, failed) => {
    const client = net.connect(Number(port), hostname);
    const commands = ['EHLO killed.test\r\n', 'MAIL FROM:<desk@autobest.test>\r\n', 'RCPT TO:<buyer@example.test>\r\n', 'DATA\r\n'];
    client.on('error', failed);
    client.on('close', () => done());
    // One command per answer from the server; after DATA's, part of a message, then a reset.
    client.on('data', () => {
      const command = commands.shift();
      if (command !== undefined) client.write(command);
      else {
        client.write(`Subject: cut short\r\n\r\n${'x'.repeat(2_000)}`);
        setTimeout(() => client.resetAndDestroy(), 50);
      }
    });
  });
}

describe('the SMTP sink', () => {
  // Vitest fails the run on an uncaught error: without a listener, smtp-server's error event for the reset was one.
  it('goes on taking email after a sender resets its connection in the middle of a message', async () => {
    await resetMidMessage(sink.url);
    await new Promise((settled) => setTimeout(settled, 200));
    const transport = nodemailer.createTransport(sink.url);
    await transport.sendMail({ from: 'desk@autobest.test', to: 'buyer@example.test', subject: 'after the reset', text: 'Delivered.' });
    transport.close();
    expect(sink.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1])).toEqual(['after the reset']);
  });
});
