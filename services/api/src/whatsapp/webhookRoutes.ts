import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
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

/** The statuses we keep, in the order a message goes through them; a late webhook never moves a message back. */
const KEPT_STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

const WebhookAnswerSchema = z.object({
  statuses: z.number().int().describe('Delivery statuses recorded against messages we sent'),
  stops: z.number().int().describe('STOP replies recorded'),
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

  // This plugin's own JSON parser (the rest of the API keeps Fastify's): the signature is over the bytes as sent, so
  // it is checked on them before they are parsed, and an unsigned body costs no more than its HMAC. The API's 64 KB
  // limit on JSON bodies holds here too.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, rawBody, done) => {
    if (!signedBy(appSecret, rawBody as Buffer, request.headers['x-hub-signature-256'])) {
      return done(new HttpError(401, 'unauthorized', 'The X-Hub-Signature-256 header does not sign this body'), undefined);
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
  const statuses = values.flatMap((value) => value.statuses ?? []).filter((status) => KEPT_STATUSES.has(status.status));
  // Text from a phone: STOP ends the updates, anything else is a reply. Other types (images, reactions) are not read.
  const texts = values.flatMap((value) => value.messages ?? []).flatMap((message) => {
    const phone = whatsappNumber(`+${message.from}`);
    return message.type === 'text' && message.text !== undefined && phone ? [{ phone, waMessageId: message.id, text: message.text.body, receivedAt: whatsappTime(message.timestamp) }] : [];
  });
  const stops = texts.filter((message) => isStopReply(message.text));
  const replies = texts.filter((message) => !isStopReply(message.text) && message.text.trim() !== '');
  let recorded = 0;
  let replied = 0;
  await app.eventStore.recordInTransaction(async (trx, record) => {
    for (const status of statuses) {
      const at = status.timestamp && /^\d{1,12}$/.test(status.timestamp) ? sql<Date>`to_timestamp(${Number(status.timestamp)})` : sql<Date>`now()`;
      const error = status.errors?.[0];
      const { numUpdatedRows } = await trx
        .updateTable('whatsapp_messages')
        .set({
          // Webhooks may come out of order (read before delivered): a status only ever moves forward, and failed stays.
          status: sql`case
            when ${status.status} = 'failed' then 'failed'
            when status in ('pending', 'sent', 'delivered', 'read')
              and array_position(array['pending', 'sent', 'delivered', 'read'], ${status.status}::text) > array_position(array['pending', 'sent', 'delivered', 'read'], status)
              then ${status.status}::text
            else status end`,
          sent_at: sql`coalesce(sent_at, ${at})`,
          delivered_at: status.status === 'delivered' || status.status === 'read' ? sql`coalesce(delivered_at, ${at})` : sql`delivered_at`,
          read_at: status.status === 'read' ? sql`coalesce(read_at, ${at})` : sql`read_at`,
          failed_at: status.status === 'failed' ? sql`coalesce(failed_at, ${at})` : sql`failed_at`,
          ...(status.status === 'failed' && error
            ? { error_code: error.code, last_error: `${error.code}: ${error.message ?? error.title ?? 'failed'}`.slice(0, 1_000) }
            : {}),
        })
        .where('wa_message_id', '=', status.id)
        .executeTakeFirst();
      recorded += Number(numUpdatedRows);
    }
    for (const { phone, waMessageId } of stops) await recordWhatsAppStop(trx, phone, waMessageId);
    for (const reply of replies) if (await recordWhatsAppReply(trx, record, reply, metadata)) replied += 1;
  });
  return { statuses: recorded, stops: stops.length, replies: replied };
}
