import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isStopReply,
  whatsappNumber,
  withoutRefusedCharacters,
  WhatsAppVerificationQuerySchema,
  WhatsAppWebhookSchema,
  type EventMetadata,
  type WhatsAppWebhook,
} from '@autobest/domain';
import { applyWhatsAppStatus, keepEarlyWhatsAppStatus, lockWhatsAppMessageIds, type WhatsAppStatusReport } from '@autobest/runtime';
import { errorResponses, HttpError } from '../http/errors';
import { perAddressLimit } from '../plugins/publicWriteLimits';
import { eventMetadata } from '../plugins/infrastructure';
import { recordWhatsAppReply, whatsappTime } from './replies';
import { recordWhatsAppStop } from './stops';

const WEBHOOK = '/api/whatsapp/webhook';

/** Equal strings, compared in a time that does not tell how much of them matched. */
const sameSecret = (given: string, expected: string) => timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** `sha256=` and the hex HMAC-SHA256 of the body exactly as it arrived, under the app secret. */
function signedBy(appSecret: string | undefined, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (!appSecret || typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(header.slice('sha256='.length), 'hex'), expected);
}

/** The statuses we keep (applyWhatsAppStatus moves a message forward through them only). */
const KEPT_STATUSES: ReadonlySet<string> = new Set<WhatsAppStatusReport['status']>(['sent', 'delivered', 'read', 'failed']);
const isKeptStatus = (status: string): status is WhatsAppStatusReport['status'] => KEPT_STATUSES.has(status);

const WebhookAnswerSchema = z.object({
  statuses: z.number().int().describe('Delivery statuses recorded against messages we sent'),
  stops: z.number().int().describe('STOP replies recorded (a replayed one counts once)'),
  replies: z.number().int().describe("Text replies recorded in an open request's history (a replayed one counts once)"),
});

/**
 * The WhatsApp Business webhook (issue 41). GET answers Meta's verification handshake with WHATSAPP_VERIFY_TOKEN.
 * POST takes only bodies signed with WHATSAPP_APP_SECRET (X-Hub-Signature-256 over the raw bytes, checked before
 * anything is parsed), records the delivery statuses of the messages we sent against the id the API gave them, a
 * STOP reply (that phone's requests get no more messages, and those waiting are withdrawn), and any other text reply
 * in the history of that phone's open request or lead (replies.ts), whose staff are then told by email.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appSecret, verifyToken } = app.config.whatsapp;

  // This plugin's own body parser, for every content type (the rest of the API keeps Fastify's): the signature is over
  // the bytes as sent, so it is checked on them before anything else, and no body of any type gets further unsigned
  // (401); an unsigned body costs no more than its HMAC. Then only JSON is read. The API's 64 KB limit holds here too.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, rawBody, done) => {
    if (!signedBy(appSecret, rawBody as Buffer, request.headers['x-hub-signature-256'])) {
      return done(new HttpError(401, 'unauthorized', 'The X-Hub-Signature-256 header does not sign this body'), undefined);
    }
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      return done(new HttpError(415, 'unsupported_media_type', 'Send the body as application/json'), undefined);
    }
    try {
      // What people type on WhatsApp comes as it is: control characters are dropped here rather than refused with
      // the rest of the API's bodies, or one such message would make Meta retry the whole batch for days.
      done(null, JSON.parse((rawBody as Buffer).toString('utf8'), (_key, value: unknown) => (typeof value === 'string' ? withoutRefusedCharacters(value) : value)));
    } catch {
      done(new HttpError(400, 'bad_request', 'The body is not JSON'), undefined);
    }
  });

  app.get(
    WEBHOOK,
    {
      config: perAddressLimit(app, 'whatsapp-webhook'),
      schema: {
        tags: ['whatsapp'],
        summary: "Meta's verification handshake: echoes hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN",
        querystring: WhatsAppVerificationQuerySchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query;
      const verified = verifyToken !== undefined && mode === 'subscribe' && token !== undefined && sameSecret(token, verifyToken) && challenge !== undefined;
      if (!verified) throw new HttpError(403, 'forbidden', 'The verify token does not match');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post(
    WEBHOOK,
    {
      config: perAddressLimit(app, 'whatsapp-webhook'),
      schema: {
        tags: ['whatsapp'],
        summary: 'Delivery statuses and replies from WhatsApp, signed with WHATSAPP_APP_SECRET (X-Hub-Signature-256)',
        body: WhatsAppWebhookSchema,
        response: { 200: WebhookAnswerSchema, ...errorResponses },
      },
    },
    async (request) => recordWebhook(app, request.body, eventMetadata(request, { kind: 'visitor' })),
  );
};

async function recordWebhook(app: FastifyInstance, webhook: WhatsAppWebhook, metadata: EventMetadata): Promise<z.output<typeof WebhookAnswerSchema>> {
  const values = webhook.entry.flatMap((entry) => entry.changes.filter((change) => change.field === 'messages').map((change) => change.value));
  const reports = values.flatMap((value) => value.statuses ?? []).flatMap((status): WhatsAppStatusReport[] => {
    if (!isKeptStatus(status.status)) return [];
    const error = status.status === 'failed' ? status.errors?.[0] : undefined;
    return [
      {
        waMessageId: status.id,
        status: status.status,
        at: whatsappTime(status.timestamp),
        errorCode: error?.code ?? null,
        lastError: error ? `${error.code}: ${error.message ?? error.title ?? 'failed'}`.slice(0, 1_000) : null,
      },
    ];
  });
  // Text from a phone: STOP ends the updates, anything else is a reply. Other types (images, reactions) are not read.
  const texts = values.flatMap((value) => value.messages ?? []).flatMap((message) => {
    const phone = whatsappNumber(`+${message.from}`);
    return message.type === 'text' && message.text !== undefined && phone ? [{ phone, waMessageId: message.id, text: message.text.body, receivedAt: whatsappTime(message.timestamp) }] : [];
  });
  const stops = texts.filter((message) => isStopReply(message.text));
  const replies = texts.filter((message) => !isStopReply(message.text) && message.text.trim() !== '');
  // Counted inside: the transaction runs again when a reply's append loses a race with a staff change on its request.
  return app.eventStore.recordInTransaction(async (trx, record) => {
    const answer = { statuses: 0, stops: 0, replies: 0 };
    await lockWhatsAppMessageIds(trx, reports.map((report) => report.waMessageId));
    for (const report of reports) {
      if (await applyWhatsAppStatus(trx, report)) answer.statuses += 1;
      // Before the deliverer has written the id the API answered with: kept, and applied when it does.
      else await keepEarlyWhatsAppStatus(trx, report);
    }
    for (const stop of stops) if (await recordWhatsAppStop(trx, stop.phone, stop)) answer.stops += 1;
    for (const reply of replies) if (await recordWhatsAppReply(trx, record, reply, metadata)) answer.replies += 1;
    return answer;
  });
}
