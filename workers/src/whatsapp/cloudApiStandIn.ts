import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';

/** A template message as the stand-in received it. */
export interface ReceivedWhatsApp {
  phoneNumberId: string;
  to: string;
  templateName: string;
  language: string;
  parameters: string[];
  /** The id the stand-in answered with (messages[0].id). */
  waMessageId: string;
}

/** An error answer as the Cloud API gives it. */
export interface CloudApiFailure {
  httpStatus: number;
  code: number;
  message: string;
  type?: string;
  subcode?: number;
}

export interface CloudApiStandIn {
  /** The base to configure as WHATSAPP_API_URL. */
  url: string;
  token: string;
  /** Every message accepted, in order. */
  received: ReceivedWhatsApp[];
  /** Every refused attempt: to whom and what was answered. */
  refused: Array<{ to: string; httpStatus: number; code: number }>;
  /** Answers the next `count` messages (of this template only, when named) with this error (429 with code 130429 by default). */
  failNext(count: number, failure?: CloudApiFailure, templateName?: string): void;
  /** Refuses every message to this number with 131026 (undeliverable), or the failure given. */
  rejectRecipient(to: string, failure?: CloudApiFailure): void;
  /** Takes each message `ms` after reading it (0: at once): a process killed meanwhile never hears that it was taken. */
  delayAcceptance(ms: number): void;
  /**
   * Runs `hook` with each message taken, before answering with its id (null: no more): as Meta can, a test posts the
   * message's status webhooks there, before the sender has heard the id they name.
   */
  beforeAnswering(hook: ((message: ReceivedWhatsApp) => Promise<void>) | null): void;
  /**
   * As Meta does once the app's webhook is set: after answering each message, posts its statuses sent, delivered and
   * read to `url`, one webhook each, signed with `appSecret` (X-Hub-Signature-256 over the body's bytes); null: none.
   */
  sendWebhooksTo(target: WebhookTarget | null): void;
  /** Posts, signed, a text message `from` (E.164 digits) sent to our number, as a person's reply comes (needs sendWebhooksTo). */
  sendReply(from: string, text: string): Promise<void>;
  close(): Promise<void>;
}

/** Where the stand-in posts its webhooks (the API's /api/whatsapp/webhook) and the app secret it signs them with. */
export interface WebhookTarget {
  url: string;
  appSecret: string;
}

/** The phone number id and display number the stand-in's webhooks name as ours. */
const BUSINESS_ACCOUNT_ID = '102290129340398';
const DISPLAY_PHONE_NUMBER = '15550783881';

/** Posts one webhook as Meta does: `{"object":"whatsapp_business_account","entry":[{"id","changes":[{"field":"messages","value"}]}]}`, signed. */
async function postWebhook(target: WebhookTarget, phoneNumberId: string, value: object): Promise<void> {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: BUSINESS_ACCOUNT_ID, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: DISPLAY_PHONE_NUMBER, phone_number_id: phoneNumberId }, ...value } }] }],
  });
  const signature = `sha256=${createHmac('sha256', target.appSecret).update(body).digest('hex')}`;
  const response = await fetch(target.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the webhook was answered ${response.status}`);
}

const unixNow = () => String(Math.floor(Date.now() / 1000));

export const THROUGHPUT_LIMIT: CloudApiFailure = { httpStatus: 429, code: 130429, message: '(#130429) Rate limit hit', type: 'OAuthException' };
export const SERVER_ERROR: CloudApiFailure = { httpStatus: 500, code: 131000, message: 'Something went wrong', type: 'OAuthException' };
export const UNDELIVERABLE: CloudApiFailure = { httpStatus: 400, code: 131026, message: 'Message Undeliverable', type: 'OAuthException' };

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/**
 * A local stand-in for the WhatsApp Business Cloud API's message endpoint, for tests: `POST /v21.0/{phone-number-id}/messages`
 * with the Bearer token answers as the API does (`{"messaging_product":"whatsapp","contacts":[{"input","wa_id"}],
 * "messages":[{"id":"wamid...."}]}`), or with its error objects (`{"error":{"message","type","code","error_subcode",
 * "fbtrace_id"}}`) when told to fail: a throughput limit (429), a server error (500), an undeliverable recipient (400).
 * Given where (sendWebhooksTo), it posts each message's delivery statuses and people's replies as signed webhooks.
 */
export async function startCloudApiStandIn(token = 'stand-in-access-token', listenOn = 0): Promise<CloudApiStandIn> {
  const received: ReceivedWhatsApp[] = [];
  const refused: CloudApiStandIn['refused'] = [];
  const rejected = new Map<string, CloudApiFailure>();
  let failures: { count: number; failure: CloudApiFailure; templateName?: string | undefined } = { count: 0, failure: THROUGHPUT_LIMIT };
  let acceptanceDelayMs = 0;
  let answering: ((message: ReceivedWhatsApp) => Promise<void>) | null = null;
  let webhooks: WebhookTarget | null = null;
  let lastPhoneNumberId = '106540352242922';
  // Statuses go out one after another, in the order Meta sends them; a failed post is dropped (Meta would retry it).
  let posting = Promise.resolve();
  const post = (value: object) => {
    const target = webhooks;
    if (!target) return;
    const phoneNumberId = lastPhoneNumberId;
    posting = posting.then(() => postWebhook(target, phoneNumberId, value)).catch(() => undefined);
  };

  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (failure: CloudApiFailure) =>
      answer(failure.httpStatus, {
        error: { message: failure.message, type: failure.type ?? 'OAuthException', code: failure.code, error_subcode: failure.subcode ?? 2494010, fbtrace_id: randomBytes(9).toString('base64url') },
      });
    void (async () => {
      const path = /^\/v21\.0\/(\d+)\/messages$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !path) return error({ httpStatus: 400, code: 100, message: 'Unsupported post request', type: 'GraphMethodException' });
      if (request.headers.authorization !== `Bearer ${token}`) return error({ httpStatus: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
      const body = JSON.parse(await readBody(request)) as {
        messaging_product?: string;
        to?: string;
        type?: string;
        template?: { name?: string; language?: { code?: string }; components?: Array<{ type: string; parameters?: Array<{ type: string; text?: string }> }> };
      };
      if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.to || !body.template?.name || !body.template.language?.code) {
        return error({ httpStatus: 400, code: 100, message: '(#100) Invalid parameter' });
      }
      const to = body.to;
      const failing = failures.count > 0 && (failures.templateName === undefined || failures.templateName === body.template.name);
      const failure = rejected.get(to) ?? (failing ? failures.failure : undefined);
      if (failure) {
        if (!rejected.has(to)) failures.count--;
        refused.push({ to, httpStatus: failure.httpStatus, code: failure.code });
        return error(failure);
      }
      if (acceptanceDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptanceDelayMs));
      const waMessageId = `wamid.${randomBytes(24).toString('base64url')}`;
      received.push({
        phoneNumberId: path[1]!,
        to,
        templateName: body.template.name,
        language: body.template.language.code,
        parameters: (body.template.components ?? []).filter((component) => component.type === 'body').flatMap((component) => (component.parameters ?? []).map((parameter) => parameter.text ?? '')),
        waMessageId,
      });
      await answering?.(received.at(-1)!);
      answer(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: waMessageId }] });
      lastPhoneNumberId = path[1]!;
      for (const status of ['sent', 'delivered', 'read']) post({ statuses: [{ id: waMessageId, status, timestamp: unixNow(), recipient_id: to }] });
    })().catch(() => error({ httpStatus: 400, code: 100, message: '(#100) The parameter is not valid JSON' }));
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    token,
    received,
    refused,
    failNext(count, failure = THROUGHPUT_LIMIT, templateName) {
      failures = { count, failure, templateName };
    },
    rejectRecipient(to, failure = UNDELIVERABLE) {
      rejected.set(to, failure);
    },
    delayAcceptance(ms) {
      acceptanceDelayMs = ms;
    },
    beforeAnswering(hook) {
      answering = hook;
    },
    sendWebhooksTo(target) {
      webhooks = target;
    },
    async sendReply(from, text) {
      if (!webhooks) throw new Error('sendWebhooksTo first: the stand-in has nowhere to post the reply');
      await posting;
      const message = { from, id: `wamid.${randomBytes(24).toString('base64url')}`, timestamp: unixNow(), type: 'text', text: { body: text } };
      await postWebhook(webhooks, lastPhoneNumberId, { contacts: [{ profile: { name: 'Stand-in customer' }, wa_id: from }], messages: [message] });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
