import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appendToStream, commandHandler, postgresEventStore } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import {
  conversationDecider,
  conversationStreamId,
  decideConversation,
  decideReservationRequest,
  reservationRequestDecider,
  reservationRequestStreamId,
  type ConversationCommand,
  type ReservationRequestCommand,
  decideSubmission,
  submissionDecider,
  initialSubmissionState,
  loadRuntimeConfig,
  submissionStreamId,
  type EventMetadata,
  type SiteLanguage,
  type SubmissionCommand,
  type SubmissionKind,
} from '@autobest/domain';
import { createStatusTokens } from '@autobest/runtime';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { SERVER_ERROR, startCloudApiStandIn, startTestWorkers, THROUGHPUT_LIMIT, type CloudApiStandIn } from '../src/testing';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const staff: EventMetadata = { actor: { kind: 'staff', staffUserId: '00000000-0000-4000-8000-000000000001', email: 'ops@autobest.test' }, correlationId: 'c', causationId: null, requestId: null };
const STATUS_TOKEN_SECRET = 'a test secret of at least thirty-two characters';
const statusTokens = createStatusTokens(STATUS_TOKEN_SECRET);

let testDb: TestDatabase;
let queues: TestQueues;
let cloudApi: CloudApiStandIn;
let workers: Awaited<ReturnType<typeof startTestWorkers>>;
let ringProjector: () => void;

beforeAll(async () => {
  testDb = await createTestDatabase('whatsapp_delivery');
  queues = createTestQueues('whatsapp-delivery');
  cloudApi = await startCloudApiStandIn();
  const config = loadRuntimeConfig({
    DATABASE_URL: testDb.url,
    REDIS_URL: queues.redisUrl,
    QUEUE_PREFIX: queues.prefix,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://autobest.example',
    STATUS_TOKEN_SECRET,
    WHATSAPP_API_URL: cloudApi.url,
    WHATSAPP_TOKEN: cloudApi.token,
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_RETRY_DELAY_MS: '20',
    PROJECTOR_SAFETY_NET_MS: '500',
  });
  workers = await startTestWorkers(config);
  ringProjector = workers.ringProjector;
});
afterAll(async () => {
  await workers?.close();
  await cloudApi?.close();
  await testDb?.drop();
  await queues?.drop();
});

let requests = 0;
/** A request as the form sends it, its owner's phone typed the Nigerian way. */
async function submit(kind: SubmissionKind, phoneNumber: string, whatsappUpdates: boolean | undefined, language?: SiteLanguage) {
  const submissionId = `${kind === 'sell-car' ? 'SC' : 'TI'}-1763802000000-WA${String(++requests).padStart(4, '0')}`;
  const events = decideSubmission(
    {
      type: 'Submit',
      kind,
      data: {
        submissionId,
        submittedAt: new Date().toISOString(),
        personalInfo: { fullName: 'Chidi Okafor', phoneNumber, email: 'chidi@example.ng' },
        vehicleInfo: { make: 'Toyota', model: 'Camry', year: '2019', odometer: '60000', fuelType: 'petrol', transmission: 'automatic', vin: null, knownIssues: null, underFinance: false, askingPrice: '9000000' },
        photos: [],
        ...(whatsappUpdates === undefined ? {} : { whatsappUpdates }),
        ...(language === undefined ? {} : { language }),
      },
    },
    initialSubmissionState,
  );
  await appendToStream(testDb.db, submissionStreamId(kind, submissionId), 0, events, visitor);
  ringProjector();
  return submissionId;
}

/**
 * A staff command on the request, through the command handler as the API runs it: the photo processor may append to
 * the request's stream meanwhile, and a lost race is read and decided again.
 */
const handleSubmission = commandHandler(submissionDecider);
async function decide(kind: SubmissionKind, submissionId: string, command: SubmissionCommand) {
  await handleSubmission(postgresEventStore(testDb.db), submissionStreamId(kind, submissionId), (state) => decideSubmission(command, state), { metadata: staff });
  ringProjector();
}

const handleReservation = commandHandler(reservationRequestDecider);
const handleConversation = commandHandler(conversationDecider);
let reservations = 0;
/** A buyer's reservation request as the API decides it, in its own stream, and staff's commands on it. */
async function reserve(phone: string, whatsappUpdates: boolean | undefined, language: SiteLanguage = 'en') {
  const reservationId = `00000000-0000-4000-8000-${String(++reservations).padStart(12, '0')}`;
  const vehicle = { id: 'AB-TOYOTA-CAMRY-2021', name: '2021 Toyota Camry', version: 1 };
  const input = { name: 'Amaka Eze', phone, language, ...(whatsappUpdates === undefined ? {} : { whatsappUpdates }) };
  await handleReservation(postgresEventStore(testDb.db), reservationRequestStreamId(reservationId), (state) => decideReservationRequest({ type: 'RequestReservation', reservationId, vehicle, input, now: new Date() }, state), { metadata: visitor });
  ringProjector();
  return reservationId;
}
async function followReservation(reservationId: string, command: ReservationRequestCommand) {
  await handleReservation(postgresEventStore(testDb.db), reservationRequestStreamId(reservationId), (state) => decideReservationRequest(command, state), { metadata: staff });
  ringProjector();
}
let conversations = 0;
/** A conversation with Tara, started in `language`; `converse` then hands it off or follows it up. */
async function startConversation(language: SiteLanguage) {
  const conversationId = `00000000-0000-4000-9000-${String(++conversations).padStart(12, '0')}`;
  await converse(conversationId, { type: 'StartConversation', conversationId, language, currency: 'NGN', now: new Date() }, visitor);
  return conversationId;
}
async function converse(conversationId: string, command: ConversationCommand, metadata: EventMetadata) {
  await handleConversation(postgresEventStore(testDb.db), conversationStreamId(conversationId), (state) => decideConversation(command, state), { metadata });
  ringProjector();
}

const messagesAbout = (relatedId: string) => testDb.db.selectFrom('whatsapp_messages').selectAll().where('related_id', '=', relatedId).orderBy('created_at').orderBy('template').execute();
const receivedBy = (to: string) => cloudApi.received.filter((message) => message.to === to);
/** Waits until the request has `count` messages and none is pending any more (the result of each is written). */
const settledAbout = (relatedId: string, count: number) =>
  vi.waitFor(
    async () => {
      const rows = await messagesAbout(relatedId);
      expect(rows).toHaveLength(count);
      expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
      return rows;
    },
    { timeout: 15_000, interval: 50 },
  );

describe('WhatsApp delivery', () => {
  it('sends a sell-car owner who asked for updates the confirmation, then the status update with the offer, to their number in E.164', async () => {
    const id = await submit('sell-car', '0803 555 0101', true);
    await settledAbout(id, 1);
    await decide('sell-car', id, { type: 'SetValue', value: 8_500_000, now: new Date() });
    await decide('sell-car', id, { type: 'ChangeStatus', status: 'reviewed', now: new Date() });
    const rows = await settledAbout(id, 2);

    const [confirmation, update] = receivedBy('2348035550101');
    const link = `https://autobest.example/sell-car-status/${id}?token=${statusTokens.issue(id)}&lang=en`;
    expect(confirmation).toMatchObject({ phoneNumberId: '106540352242922', templateName: 'request_received', language: 'en', parameters: ['Chidi Okafor', id, link] });
    expect(update).toMatchObject({ templateName: 'request_status_update', language: 'en', parameters: ['Chidi Okafor', id, 'Reviewed', '₦8,500,000', link] });
    // The offer set while the request was still pending said nothing on its own.
    expect(rows.map((row) => [row.template, row.status, row.transport, row.wa_message_id])).toEqual([
      ['confirmation', 'sent', 'cloud-api', confirmation!.waMessageId],
      ['status', 'sent', 'cloud-api', update!.waMessageId],
    ]);
    // The token is put in as the message leaves; the outbox keeps the placeholder.
    expect(JSON.stringify(rows.map((row) => row.parameters))).not.toContain(statusTokens.issue(id));
  });

  it("writes to an owner in the language they used on the site: template language, status word and the link's lang", async () => {
    const id = await submit('trade-in', '0803 555 0121', true, 'fr');
    await settledAbout(id, 1);
    await decide('trade-in', id, { type: 'ChangeStatus', status: 'reviewed', now: new Date() });
    await settledAbout(id, 2);

    const [confirmation, update] = receivedBy('2348035550121');
    const link = `https://autobest.example/trade-in-status/${id}?token=${statusTokens.issue(id)}&lang=fr`;
    expect(confirmation).toMatchObject({ templateName: 'request_received', language: 'fr', parameters: ['Chidi Okafor', id, link] });
    expect(update).toMatchObject({ templateName: 'request_status_update', language: 'fr', parameters: ['Chidi Okafor', id, 'Examinée', '-', link] });
  });

  it('sends nothing on WhatsApp to an owner who did not ask, or whose request predates the question', async () => {
    const unasked = await submit('trade-in', '08035550102', false);
    const older = await submit('trade-in', '08035550103', undefined);
    const asked = await submit('trade-in', '+234 803 555 0104', true);
    await settledAbout(asked, 1);
    // The emails of all three are in the outbox: the notifier has seen them.
    await vi.waitFor(async () => expect(await testDb.db.selectFrom('sent_emails').select('id').where('related_id', 'in', [unasked, older]).execute()).toHaveLength(4), { timeout: 10_000 });
    expect(await messagesAbout(unasked)).toEqual([]);
    expect(await messagesAbout(older)).toEqual([]);
    expect(receivedBy('2348035550102')).toEqual([]);
    expect(receivedBy('2348035550103')).toEqual([]);
    expect((await messagesAbout(asked))[0]).toMatchObject({ template: 'confirmation', status: 'sent', to_phone: '2348035550104' });
  });

  it('retries a message the API turns away with 429 and then 500, and sends it once when it accepts', async () => {
    cloudApi.failNext(1, THROUGHPUT_LIMIT);
    const id = await submit('sell-car', '08035550105', true);
    await settledAbout(id, 1);
    expect(cloudApi.refused.filter((refusal) => refusal.to === '2348035550105')).toEqual([{ to: '2348035550105', httpStatus: 429, code: 130429 }]);
    const [row] = await messagesAbout(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, error_code: 130429, wa_message_id: receivedBy('2348035550105')[0]!.waMessageId });
    expect(row!.last_error).toMatch(/^429 \(130429\)/);

    cloudApi.failNext(2, SERVER_ERROR);
    await decide('sell-car', id, { type: 'ChangeStatus', status: 'finalized', now: new Date() });
    expect((await settledAbout(id, 2))[1]).toMatchObject({ template: 'status', status: 'sent', attempts: 3, error_code: 131000 });
    expect(receivedBy('2348035550105')[1]!.parameters[2]).toBe('Finalized');
  });

  it('holds a status update back while its confirmation is being retried, so the owner reads them in order', async () => {
    cloudApi.failNext(5, THROUGHPUT_LIMIT, 'request_received');
    const id = await submit('trade-in', '08035550110', true);
    await decide('trade-in', id, { type: 'ChangeStatus', status: 'reviewed', now: new Date() });
    const rows = await settledAbout(id, 2);
    expect(rows.map((row) => [row.template, row.status])).toEqual([
      ['confirmation', 'sent'],
      ['status', 'sent'],
    ]);
    expect(rows[0]!.attempts).toBeGreaterThan(1);
    expect(receivedBy('2348035550110').map((message) => message.templateName)).toEqual(['request_received', 'request_status_update']);
  });

  it('fails a message the API calls undeliverable (131026) at once and alone; the next one goes out', async () => {
    cloudApi.rejectRecipient('2348035550106');
    const refused = await submit('sell-car', '08035550106', true);
    const next = await submit('sell-car', '08035550107', true);
    await vi.waitFor(
      async () => {
        expect((await messagesAbout(refused))[0]?.status).toBe('failed');
        expect((await messagesAbout(next))[0]?.status).toBe('sent');
      },
      { timeout: 15_000, interval: 50 },
    );
    const [row] = await messagesAbout(refused);
    expect(row).toMatchObject({ attempts: 1, error_code: 131026, wa_message_id: null, sent_at: null });
    expect(row!.failed_at).toBeInstanceOf(Date);
    expect(row!.last_error).toMatch(/Message Undeliverable/);
    expect(cloudApi.refused.filter((refusal) => refusal.to === '2348035550106')).toHaveLength(1);
    expect(receivedBy('2348035550106')).toEqual([]);
    expect(receivedBy('2348035550107')).toHaveLength(1);
  });

  it('withdraws the messages still waiting when their request is deleted: its owner hears nothing more', async () => {
    cloudApi.failNext(1_000, SERVER_ERROR);
    const id = await submit('sell-car', '08035550111', true);
    await vi.waitFor(async () => expect((await messagesAbout(id))[0]?.attempts).toBeGreaterThanOrEqual(2), { timeout: 15_000, interval: 50 });
    await decide('sell-car', id, { type: 'Delete', now: new Date() });
    await vi.waitFor(async () => expect((await messagesAbout(id))[0]).toMatchObject({ status: 'withdrawn', last_error: 'Not sent: the request was deleted before this message went out' }), { timeout: 15_000, interval: 50 });
    cloudApi.failNext(0);
    const later = await submit('sell-car', '08035550112', true);
    await settledAbout(later, 1);
    expect(receivedBy('2348035550111')).toEqual([]);
    expect((await messagesAbout(id))[0]?.status).toBe('withdrawn');
  });

  it('sends no more updates about a request whose owner replied STOP, and withdraws what is waiting', async () => {
    const id = await submit('sell-car', '08035550108', true);
    await settledAbout(id, 1);
    // What the webhook records for a STOP reply (services/api/src/whatsapp): the phone, and its waiting messages withdrawn.
    await testDb.db.insertInto('whatsapp_stops').values({ phone: '2348035550108', wa_message_id: 'wamid.stop' }).execute();
    await decide('sell-car', id, { type: 'ChangeStatus', status: 'reviewed', now: new Date() });
    // A later request from another owner shows the notifier has moved past the status change.
    const later = await submit('sell-car', '08035550109', true);
    await settledAbout(later, 1);
    expect(await messagesAbout(id)).toHaveLength(1);
    expect(receivedBy('2348035550108')).toHaveLength(1);
    expect(await messagesAbout(later)).toHaveLength(1);
  });

  it('sends a buyer who ticked the box on the reservation form its confirmation, then each status change staff make, in their language', async () => {
    const id = await reserve('0803 555 0131', true, 'fr');
    await settledAbout(id, 1);
    await followReservation(id, { type: 'AddNote', text: 'Called, no answer', now: new Date() });
    await followReservation(id, { type: 'ChangeStatus', status: 'contacted', now: new Date() });
    const rows = await settledAbout(id, 2);
    expect(rows.map((row) => [row.template, row.status, row.status_token_for])).toEqual([
      ['reservation-confirmation', 'sent', null],
      ['follow-up-status', 'sent', null],
    ]);
    const [confirmation, update] = receivedBy('2348035550131');
    expect(confirmation).toMatchObject({
      templateName: 'reservation_received',
      language: 'fr',
      parameters: ['Amaka Eze', id, '2021 Toyota Camry', 'https://autobest.example/vehicle/AB-TOYOTA-CAMRY-2021'],
    });
    expect(update).toMatchObject({ templateName: 'follow_up_status_update', language: 'fr', parameters: ['Amaka Eze', id, 'En cours : notre équipe commerciale vous a contacté'] });
  });

  it('sends nothing on WhatsApp about a reservation whose buyer did not tick the box, or made before it was offered', async () => {
    const unasked = await reserve('0803 555 0132', false);
    const older = await reserve('0803 555 0133', undefined);
    await followReservation(unasked, { type: 'ChangeStatus', status: 'contacted', now: new Date() });
    const asked = await reserve('0803 555 0134', true);
    await settledAbout(asked, 1);
    await vi.waitFor(async () => expect(await testDb.db.selectFrom('sent_emails').select('id').where('related_id', 'in', [unasked, older]).execute()).toHaveLength(2), { timeout: 10_000 });
    expect(await messagesAbout(unasked)).toEqual([]);
    expect(await messagesAbout(older)).toEqual([]);
  });

  it("sends a buyer who asked Tara for a person and ticked the box the lead's confirmation and its status changes, to the phone they left", async () => {
    const id = await startConversation('sw');
    await converse(id, { type: 'ChangeStatus', status: 'contacted', now: new Date() }, staff);
    await converse(id, { type: 'HandOff', name: 'Baraka Mwangi', phone: '+254 712 345 678', whatsappUpdates: true, now: new Date() }, visitor);
    await settledAbout(id, 1);
    await converse(id, { type: 'ChangeStatus', status: 'closed', now: new Date() }, staff);
    const rows = await settledAbout(id, 2);
    expect(rows.map((row) => [row.template, row.to_phone, row.language])).toEqual([
      ['lead-confirmation', '254712345678', 'sw'],
      ['follow-up-status', '254712345678', 'sw'],
    ]);
    expect(receivedBy('254712345678').map(({ templateName, parameters }) => [templateName, parameters])).toEqual([
      ['lead_received', ['Baraka Mwangi', id]],
      ['follow_up_status_update', ['Baraka Mwangi', id, 'Imefungwa']],
    ]);
  });

  it('sends nothing on WhatsApp about a hand-off without the box, or with it but no phone', async () => {
    const unasked = await startConversation('en');
    await converse(unasked, { type: 'HandOff', name: 'Tunde', phone: '0803 555 0141', now: new Date() }, visitor);
    await converse(unasked, { type: 'ChangeStatus', status: 'contacted', now: new Date() }, staff);
    const noPhone = await startConversation('en');
    await converse(noPhone, { type: 'HandOff', name: 'Tunde', email: 'tunde@example.ng', whatsappUpdates: true, now: new Date() }, visitor);
    const asked = await startConversation('en');
    await converse(asked, { type: 'HandOff', name: 'Tunde', phone: '0803 555 0142', whatsappUpdates: true, now: new Date() }, visitor);
    await settledAbout(asked, 1);
    await vi.waitFor(async () => expect(await testDb.db.selectFrom('sent_emails').select('id').where('related_id', 'in', [unasked, noPhone]).execute()).toHaveLength(3), { timeout: 10_000 });
    expect(await messagesAbout(unasked)).toEqual([]);
    expect(await messagesAbout(noPhone)).toEqual([]);
  });
});
