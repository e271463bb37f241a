import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { appendToStream, postgresEventStore, readState } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { chatVehicleCard } from '@autobest/domain/testing';
import {
  contextAfter,
  conversationDecider,
  conversationStreamId,
  decideConversation,
  loadRuntimeConfig,
  type ConversationCommand,
  type EventMetadata,
} from '@autobest/domain';
import { allProjections, Projector } from '@autobest/projections';
import { createStatusTokens } from '@autobest/runtime';
import { abandonedConversations } from '../src/housekeeping/abandonedConversations';
import { sweeps } from '../src/housekeeping/housekeeping';
import { createMailer } from '../src/emails/mailer';
import { createNotifier } from '../src/emails/notifier';
import { deliverDueEmails, startSmtpSink, type CapturedMail, type SmtpSink } from '../src/testing';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const emailContext = { publicUrl: 'https://autobest.example', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };
const mailFrom = 'AutoBest Africa <no-reply@autobest.africa>';
const config = loadRuntimeConfig({});

const card = chatVehicleCard('toyota-venza-2024', 'Toyota Venza');

let testDb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  testDb = await createTestDatabase('tara_workers');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await testDb?.drop();
  await sink?.close();
});

/** Runs a command on a conversation's stream the way the API does (vehicles found for the context the message leads to). */
async function run(id: string, command: (state: Parameters<typeof contextAfter>[0]) => ConversationCommand) {
  const streamId = conversationStreamId(id);
  const { state, version } = await readState(postgresEventStore(testDb.db), conversationDecider, streamId);
  await appendToStream(testDb.db, streamId, version, decideConversation(command(state), state), visitor);
}
const start = (id: string, at: Date, language: 'en' | 'fr' = 'en') =>
  run(id, () => ({ type: 'StartConversation', conversationId: id, language, currency: 'NGN', entry: 'widget', now: at }));
const say = (id: string, text: string, at: Date, now: { language?: 'en' | 'fr'; currency?: 'NGN' | 'KES' } = {}) =>
  run(id, (state) => ({
    type: 'ReceiveBuyerMessage',
    text,
    ...now,
    messageIds: { buyer: crypto.randomUUID(), reply: crypto.randomUUID() },
    matches: { kind: 'within-budget', vehicles: [card], rates: null },
    matchedFor: contextAfter(state, text, now.language, now.currency),
    now: at,
  }));
const handOff = (id: string, at: Date, lead: { name: string; phone?: string; email?: string }) => run(id, () => ({ type: 'HandOff', ...lead, now: at }));
const project = () => catchUpCompletely(new Projector(testDb.db, allProjections));
const readable = (mail: CapturedMail) => Buffer.from(mail.body, 'latin1').toString('utf8');

describe('a lead from Tara', () => {
  it('emails staff once: who, what Tara understood, the vehicles shown, a WhatsApp link and the transcript, visitor text defanged; and the buyer in their language', async () => {
    const id = '5b1c0000-0000-4000-8000-00000000a001';
    const at = new Date('2026-11-20T10:00:00Z');
    await start(id, at);
    await say(id, 'I need a family SUV under 30 million naira, like on http://evil.test/deal', at);
    // The visitor switched the site to French and shillings since the start: the lead says what they have now.
    await say(id, 'merci', at, { language: 'fr', currency: 'KES' });
    await handOff(id, at, { name: 'Chinedu Okafor', phone: '+234 803 555 0177', email: 'chinedu@example.ng' });

    const mailer = createMailer(sink.url, mailFrom, pino({ level: 'silent' }));
    const notifier = () => new Projector(testDb.db, [createNotifier(emailContext, mailFrom)]);
    await catchUpCompletely(notifier());
    await notifier().rebuild();
    await deliverDueEmails(testDb.db, mailer, createStatusTokens('a test secret of at least thirty-two characters'), pino({ level: 'silent' }));
    mailer.close();

    expect(sink.received.map((received) => received.to[0]).sort()).toEqual(['chinedu@example.ng', 'desk@autobest.example']);
    // The buyer hears from us once, in the language they were chatting in when they asked for a person.
    const acknowledgement = sink.received.find((received) => received.to[0] === 'chinedu@example.ng')!;
    expect(acknowledgement.raw).toMatch(/^Content-Language: fr\r?$/m);
    expect(readable(acknowledgement)).toContain('Bonjour Chinedu Okafor,');
    expect(readable(acknowledgement)).toContain('Un membre de notre équipe a votre conversation et vous contactera très bientôt.');
    expect(readable(acknowledgement)).toContain(`Votre référence : ${id}.`);
    expect(readable(acknowledgement)).not.toContain('evil');
    const mail = sink.received.find((received) => received.to[0] === 'desk@autobest.example');
    expect(mail!.raw).toMatch(/^Subject: New lead from Tara 5b1c0000-0000-4000-8000-00000000a001\r?$/m);
    const body = readable(mail!);
    expect(body.startsWith('A buyer asked Tara for a person') || body.includes('\nA buyer asked Tara for a person')).toBe(true);
    expect(body).toContain('Name: Chinedu Okafor');
    expect(body).toContain('Phone: +234 803 555 0177');
    expect(body).toContain('Language on the site: French; currency KES');
    expect(body).toContain('What Tara understood: budget');
    expect(body).toContain('for family, type suv');
    expect(body).toContain('Vehicles shown: Toyota Venza (https://autobest.example/vehicle/toyota-venza-2024)');
    expect(body).toContain('WhatsApp the buyer: https://wa.me/2348035550177?text=Hello%20Chinedu%20Okafor');
    expect(body).toContain(`https://autobest.example/admin/conversations/${id}/show`);
    expect(body).toContain('http[:]//evil[.]test/deal');
    expect(body).not.toContain('http://evil.test');
  });
});

describe('retention of conversations that left no contact', () => {
  it('deletes the events and the read-model rows of idle conversations without a contact, and keeps the rest', async () => {
    const now = new Date(Date.now() + 40 * 86_400_000);
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const recent = new Date(now.getTime() - 86_400_000);
    const ids = {
      idle: '5b1c0000-0000-4000-8000-00000000b001',
      lead: '5b1c0000-0000-4000-8000-00000000b002',
      active: '5b1c0000-0000-4000-8000-00000000b003',
      notYetProjected: '5b1c0000-0000-4000-8000-00000000b004',
    };
    await start(ids.idle, old);
    await say(ids.idle, 'a cheap sedan', old);
    await start(ids.lead, old);
    await handOff(ids.lead, old, { name: 'Ada', email: 'ada@example.ng' });
    await start(ids.active, old);
    await say(ids.active, 'an SUV please', recent);
    await start(ids.notYetProjected, old);
    await project();
    // A message the projector has not shown yet: the read model still says idle, the events say otherwise.
    await say(ids.notYetProjected, 'still there?', old);
    await sql`update events set occurred_at = ${recent} where stream_id = ${conversationStreamId(ids.notYetProjected)} and type = 'BuyerMessageReceived'`.execute(testDb.db);

    expect(sweeps).toContain(abandonedConversations);
    expect(config.chatRetentionDays).toBe(30);
    expect(await abandonedConversations.run({ db: testDb.db, config, now })).toBe(1);
    expect(await abandonedConversations.run({ db: testDb.db, config, now })).toBe(0);

    const streams = await sql<{ stream_id: string }>`select distinct stream_id from events where stream_id like 'conversation-5b1c0000-0000-4000-8000-00000000b%' order by stream_id`.execute(testDb.db);
    expect(streams.rows.map((row) => row.stream_id)).toEqual([ids.lead, ids.active, ids.notYetProjected].map(conversationStreamId));
    const rows = await testDb.db.selectFrom('conversations').select('id').where('id', 'in', Object.values(ids)).orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual([ids.lead, ids.active, ids.notYetProjected]);
    const messages = await testDb.db.selectFrom('conversation_messages').select('conversation_id').where('conversation_id', '=', ids.idle).execute();
    expect(messages).toEqual([]);

    // A rebuild from the events that are left gives the same read model.
    await new Projector(testDb.db, allProjections).rebuild(['conversations']);
    const rebuilt = await testDb.db.selectFrom('conversations').select('id').where('id', 'in', Object.values(ids)).orderBy('id').execute();
    expect(rebuilt.map((row) => row.id)).toEqual([ids.lead, ids.active, ids.notYetProjected]);
  });

  it('reads CHAT_RETENTION_DAYS from the configuration and refuses a bad one', () => {
    expect(loadRuntimeConfig({ CHAT_RETENTION_DAYS: '7' }).chatRetentionDays).toBe(7);
    expect(() => loadRuntimeConfig({ CHAT_RETENTION_DAYS: '0' })).toThrow(/CHAT_RETENTION_DAYS/);
    expect(() => loadRuntimeConfig({ CHAT_RETENTION_DAYS: 'a month' })).toThrow(/CHAT_RETENTION_DAYS/);
  });
});
