import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Projector, allProjections } from '@autobest/projections';
import { catchUpCompletely } from '@autobest/projections/testing';
import { CHAT_MESSAGE_MAX, type ChatAnswer, type ConversationView } from '@autobest/domain';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, type TestApp } from './support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp('api_assistant', LOOSE_PUBLIC_WRITE_LIMITS);
  await seedCatalogue(t.testDb.db);
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
});
afterAll(async () => {
  await t?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const start = (payload: object = { language: 'en', currency: 'NGN' }) => t.app.inject({ method: 'POST', url: '/api/chat/conversations', payload });
const send = (id: string, text: unknown) => t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { text } });
const view = (id: string) => t.app.inject({ method: 'GET', url: `/api/chat/conversations/${id}` });
const handoff = (id: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/handoff`, payload });
const started = async (payload?: object) => (await start(payload)).json<{ id: string }>().id;

describe('the conversation contract', () => {
  it('starts a conversation: 201 with a random id, the greeting stage and a greeting', async () => {
    const response = await start({ language: 'en', currency: 'NGN', entry: 'widget' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; stage: string; greeting: { content: string; isUser: boolean } }>();
    expect(body.id).toMatch(UUID);
    expect(body.stage).toBe('greeting');
    expect(body.greeting.isUser).toBe(false);
    expect(body.greeting.content.length).toBeGreaterThan(0);
    expect((await start()).json<{ id: string }>().id).not.toBe(body.id);
  });

  it.each([
    [{ currency: 'NGN' }, 'language'],
    [{ language: 'de', currency: 'NGN' }, 'language'],
    [{ language: 'en', currency: 'EUR' }, 'currency'],
    [{ language: 'en', currency: 'NGN', topic: 'spaceship' }, 'topic'],
  ])('refuses a bad start %j naming %s', async (payload, field) => {
    const response = await start(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
  });

  it('answers a message with the stage, the reply, what Tara understood and real vehicles in the budget', async () => {
    const id = await started();
    const response = await send(id, 'I need a family SUV under 30 million naira');
    expect(response.statusCode).toBe(200);
    const answer = response.json<ChatAnswer>();
    expect(answer.stage).toBe('needs-assessment');
    expect(answer.context).toEqual({ preferredVehicleType: 'suv', usage: 'family', budget: { amount: 30_000_000, currency: 'NGN' } });
    expect(answer.reply.content.length).toBeGreaterThan(0);
    expect(answer.vehicles.length).toBeGreaterThan(0);
    for (const vehicle of answer.vehicles) {
      expect(vehicle.price.currency).toBe('NGN');
      expect(vehicle.price.amount).toBeLessThanOrEqual(30_000_000);
      expect(answer.reply.citations.map((citation) => citation.source)).toContain(`/vehicle/${vehicle.id}`);
    }
    expect(answer.message).toMatchObject({ isUser: true, content: 'I need a family SUV under 30 million naira' });
    expect(answer.replyMessage).toMatchObject({ isUser: false, content: answer.reply.content });
  });

  it('moves one stage per message and stays at pricing-options', async () => {
    const id = await started();
    const stages = [];
    for (const text of ['hello', 'an SUV', 'budget 20m', 'how do I pay?', 'thanks']) stages.push((await send(id, text)).json<ChatAnswer>().stage);
    expect(stages).toEqual(['needs-assessment', 'vehicle-selection', 'pricing-options', 'pricing-options', 'pricing-options']);
  });

  it('reopens a conversation right after a reply, from its events', async () => {
    const id = await started();
    const answer = (await send(id, 'Show me SUVs')).json<ChatAnswer>();
    const response = await view(id);
    expect(response.statusCode).toBe(200);
    const reopened = response.json<ConversationView>();
    expect(reopened.id).toBe(id);
    expect(reopened.stage).toBe(answer.stage);
    expect(reopened.context).toEqual(answer.context);
    expect(reopened.messages.map((message) => message.id)).toEqual(['greeting', answer.message.id, answer.replyMessage.id]);
    expect(reopened.vehicles.map((vehicle) => vehicle.id)).toEqual(answer.vehicles.map((vehicle) => vehicle.id));
    expect(reopened.handedOff).toBe(false);
  });

  it('answers 404 for an unknown or malformed conversation id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await view(id)).statusCode).toBe(404);
      expect((await send(id, 'hello')).statusCode).toBe(404);
      expect((await handoff(id, { name: 'Ada', phone: '+234 803 555 0177' })).statusCode).toBe(404);
    }
  });

  it('refuses a blank or overlong message naming text, without echoing it', async () => {
    const id = await started();
    for (const text of ['   ', 'x'.repeat(CHAT_MESSAGE_MAX + 1), 42]) {
      const response = await send(id, text);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields).toHaveProperty('text');
      if (typeof text === 'string' && text.trim()) expect(response.body).not.toContain(text.slice(0, 50));
    }
  });
});

describe('hand-off', () => {
  it('takes a name and a phone: 201 with a reply and a WhatsApp link, and the conversation says so', async () => {
    const id = await started();
    await send(id, 'family SUV, budget 30 million naira');
    const response = await handoff(id, { name: 'Ada Obi', phone: '+234 803 555 0177' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; reply: { content: string }; whatsappUrl: string | null }>();
    expect(body.id).toBe(id);
    expect(body.whatsappUrl).toMatch(/^https:\/\/wa\.me\/2348035550177\?text=/);
    expect(body.reply.content).toContain('Ada Obi');
    const reopened = (await view(id)).json<ConversationView>();
    expect(reopened.handedOff).toBe(true);
    expect(reopened.messages.at(-1)?.content).toBe(body.reply.content);
  });

  it('takes an email alone, with no WhatsApp link', async () => {
    const id = await started();
    const response = await handoff(id, { name: 'Ada', email: 'ada@example.ng' });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ whatsappUrl: string | null }>().whatsappUrl).toBeNull();
  });

  it.each([
    [{ name: 'Ada' }, 'phone'],
    [{ name: 'Ada', phone: '', email: '' }, 'phone'],
    [{ name: 'Ada', phone: '12' }, 'phone'],
    [{ name: 'Ada', email: 'not an email' }, 'email'],
    [{ name: '', phone: '+234 803 555 0177' }, 'name'],
    [{ phone: '+234 803 555 0177' }, 'name'],
  ])('refuses %j naming %s', async (payload, field) => {
    const id = await started();
    const response = await handoff(id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
    const count = await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${`conversation-${id}`} and type = 'ConversationHandedOff'`.execute(t.testDb.db);
    expect(count.rows[0]?.n).toBe(0);
  });
});
