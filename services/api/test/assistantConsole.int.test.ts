import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Projector, allProjections } from '@autobest/projections';
import { catchUpCompletely } from '@autobest/projections/testing';
import type { ChatAnswer, ConversationFunnel, ConversationRecord } from '@autobest/domain';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, STAFF_NAME, type TestApp } from './support';

let t: TestApp;
let cookie: string;
const ids: Record<'lead' | 'browsing' | 'french' | 'idle', string> = { lead: '', browsing: '', french: '', idle: '' };
let periodStart: string;

const start = async (language = 'en') => (await t.app.inject({ method: 'POST', url: '/api/chat/conversations', payload: { language, currency: 'NGN', entry: 'widget' } })).json<{ id: string }>().id;
const send = async (id: string, text: string) => (await t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { text } })).json<ChatAnswer>();
const project = () => catchUpCompletely(new Projector(t.testDb.db, allProjections));
const admin = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, query, headers: { cookie } });
const listed = async (filter: object = {}) => {
  const response = await admin('/api/admin/conversations', { filter: JSON.stringify(filter) });
  expect(response.statusCode).toBe(200);
  return response.json<ConversationRecord[]>();
};
const idsOf = (records: ConversationRecord[]) => records.map((record) => record.id).sort();

beforeAll(async () => {
  t = await createTestApp('api_assistant_console', LOOSE_PUBLIC_WRITE_LIMITS);
  cookie = await signIn(t.app);
  await seedCatalogue(t.testDb.db);
  await project();
  periodStart = new Date().toISOString();
  ids.lead = await start();
  await send(ids.lead, 'I need a family SUV under 30 million naira');
  await send(ids.lead, 'something cheaper please');
  await send(ids.lead, 'how do I pay?');
  await t.app.inject({ method: 'POST', url: `/api/chat/conversations/${ids.lead}/handoff`, payload: { name: 'Chinedu Okafor', phone: '+234 803 555 0177', email: 'chinedu@example.ng' } });
  ids.browsing = await start();
  await send(ids.browsing, 'Show me sedans');
  ids.french = await start('fr');
  await send(ids.french, 'bonjour');
  ids.idle = await start();
  await project();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/conversations', () => {
  it('needs a staff session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/conversations' })).statusCode).toBe(401);
  });

  it('lists every conversation newest first with what Tara understood, the vehicles shown and the lead', async () => {
    const response = await admin('/api/admin/conversations');
    expect(response.headers['content-range']).toBe('conversations 0-3/4');
    const records = response.json<ConversationRecord[]>();
    expect(records.map((record) => record.id)).toEqual([ids.idle, ids.french, ids.browsing, ids.lead]);
    const lead = records.find((record) => record.id === ids.lead)!;
    expect(lead).toMatchObject({
      stage: 'pricing-options',
      language: 'en',
      currency: 'NGN',
      entry: 'widget',
      messageCount: 3,
      status: 'new',
      transcript: [],
      context: { preferredVehicleType: 'suv', usage: 'family', budget: { amount: 30_000_000, currency: 'NGN' } },
      lead: { name: 'Chinedu Okafor', phone: '+234 803 555 0177', email: 'chinedu@example.ng' },
    });
    expect(lead.lead?.whatsappUrl).toMatch(/^https:\/\/wa\.me\/2348035550177\?text=/);
    expect(lead.vehiclesShown.length).toBeGreaterThan(0);
    expect(new Set(lead.vehiclesShown.map((vehicle) => vehicle.id)).size).toBe(lead.vehiclesShown.length);
    expect(records.find((record) => record.id === ids.idle)).toMatchObject({ stage: 'greeting', messageCount: 0, lead: null });
  });

  it('shows one conversation with its whole transcript', async () => {
    const response = await admin(`/api/admin/conversations/${ids.lead}`);
    expect(response.statusCode).toBe(200);
    const record = response.json<ConversationRecord>();
    // The greeting, three messages and their replies, and the answer to the hand-off.
    expect(record.transcript).toHaveLength(8);
    expect(record.transcript[1]).toMatchObject({ isUser: true, content: 'I need a family SUV under 30 million naira' });
    expect(record.transcript.at(-1)?.content).toContain('Chinedu Okafor');
    expect((await admin('/api/admin/conversations/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('searches names, contacts and the transcript with q', async () => {
    expect(idsOf(await listed({ q: 'okafor' }))).toEqual([ids.lead]);
    expect(idsOf(await listed({ q: '0177' }))).toEqual([ids.lead]);
    expect(idsOf(await listed({ q: 'chinedu@example' }))).toEqual([ids.lead]);
    expect(idsOf(await listed({ q: 'sedans' }))).toEqual([ids.browsing]);
    expect(await listed({ q: 'nobody said this' })).toEqual([]);
  });

  it('filters by stage, language, lead and status', async () => {
    expect(idsOf(await listed({ stage: 'pricing-options' }))).toEqual([ids.lead]);
    expect(idsOf(await listed({ stage: 'greeting' }))).toEqual([ids.idle]);
    expect(idsOf(await listed({ language: 'fr' }))).toEqual([ids.french]);
    expect(idsOf(await listed({ lead: true }))).toEqual([ids.lead]);
    expect(idsOf(await listed({ lead: 'no' }))).toEqual([ids.browsing, ids.french, ids.idle].sort());
    expect(idsOf(await listed({ status: 'new' }))).toHaveLength(4);
    const bad = await admin('/api/admin/conversations', { filter: JSON.stringify({ stage: 'dreaming' }) });
    expect(bad.statusCode).toBe(400);
  });

  it('sorts by budget and message count', async () => {
    const response = await admin('/api/admin/conversations', { sort: JSON.stringify(['messageCount', 'DESC']) });
    expect(response.json<ConversationRecord[]>()[0]?.id).toBe(ids.lead);
    expect((await admin('/api/admin/conversations', { sort: JSON.stringify(['budget', 'ASC']) })).statusCode).toBe(200);
  });
});

describe('following up a lead', () => {
  it('changes the status with a note, who and when, and refuses going back to new', async () => {
    const changed = await t.app.inject({ method: 'POST', url: `/api/admin/conversations/${ids.lead}/status`, headers: { cookie }, payload: { status: 'contacted' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ConversationRecord>()).toMatchObject({ status: 'contacted', history: [{ from: 'new', to: 'contacted', by: STAFF_NAME }] });
    const noted = await t.app.inject({ method: 'POST', url: `/api/admin/conversations/${ids.lead}/notes`, headers: { cookie }, payload: { text: 'Called, sending offers on WhatsApp' } });
    expect(noted.json<ConversationRecord>().notes).toMatchObject([{ text: 'Called, sending offers on WhatsApp', by: STAFF_NAME }]);
    expect(noted.json<ConversationRecord>().transcript.length).toBeGreaterThan(0);
    const back = await t.app.inject({ method: 'POST', url: `/api/admin/conversations/${ids.lead}/status`, headers: { cookie }, payload: { status: 'new' } });
    expect(back.statusCode).toBe(409);
    expect(idsOf(await listed({ status: 'contacted' }))).toEqual([ids.lead]);
  });

  it('counts per status and exports CSV over the same filters', async () => {
    const stats = await admin('/api/admin/conversations/stats');
    expect(stats.json()).toEqual({ total: 4, new: 3, contacted: 1, closed: 0 });
    const csv = await admin('/api/admin/conversations/export.csv', { filter: JSON.stringify({ lead: true }) });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Chinedu Okafor');
    expect(lines[1]).toContain('contacted');
  });
});

describe('GET /api/admin/analytics/conversation-funnel', () => {
  it('counts started, needs understood, vehicles shown, pricing reached and handed off', async () => {
    const response = await admin('/api/admin/analytics/conversation-funnel', { from: periodStart, to: new Date(Date.now() + 1000).toISOString() });
    expect(response.statusCode).toBe(200);
    expect(response.json<ConversationFunnel>()).toMatchObject({ started: 4, needsUnderstood: 2, vehiclesShown: 2, pricingReached: 1, handedOff: 1 });
  });

  it('counts only the period asked for, and refuses a period that ends before it starts', async () => {
    const before = await admin('/api/admin/analytics/conversation-funnel', { from: '2020-01-01T00:00:00Z', to: periodStart });
    expect(before.json<ConversationFunnel>()).toMatchObject({ started: 0, handedOff: 0 });
    const backwards = await admin('/api/admin/analytics/conversation-funnel', { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ fields: Record<string, string> }>().fields).toHaveProperty('from');
  });
});
