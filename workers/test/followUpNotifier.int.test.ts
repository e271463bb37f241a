import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { appendToStream } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import {
  contactMessageStreamId,
  decideReservationRequest,
  decideVehicle,
  foldReservationRequest,
  foldVehicle,
  reservationRequestStreamId,
  vehicleStreamId,
  type EventMetadata,
  type VehicleEvent,
} from '@autobest/domain';
import { listVehicle, receiveContactMessage, requestReservation, sampleVenza as vehicle } from '@autobest/domain/testing';
import { Projector } from '@autobest/projections';
import { createStatusTokens } from '@autobest/runtime';
import { createMailer } from '../src/emails/mailer';
import { createNotifier } from '../src/emails/notifier';
import { deliverDueEmails, startSmtpSink, type CapturedMail, type SmtpSink } from '../src/testing';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const staff: EventMetadata = { actor: { kind: 'staff', staffUserId: '00000000-0000-4000-8000-000000000001', email: 'ops@autobest.test' }, correlationId: 'c', causationId: null, requestId: null };
const context = { publicUrl: 'https://autobest.example', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };
const statusTokens = createStatusTokens('a test secret of at least thirty-two characters');

let testDb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  testDb = await createTestDatabase('follow_up_notifier');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await testDb?.drop();
  await sink?.close();
});

/** The sink decodes quoted-printable byte by byte; the bytes are UTF-8. */
const readable = (mail: CapturedMail) => Buffer.from(mail.body, 'latin1').toString('utf8');

describe('notifier, contact messages and reservation requests (in streams of their own, and on the vehicle\'s from earlier versions)', () => {
  it('really sends each staff notice and each acknowledgement over SMTP, in the visitor language, once however often it runs; staff follow-ups send nothing', async () => {
    const contactMessageId = '7a4e1c2b-0000-4000-8000-0000000c0001';
    const received = receiveContactMessage(
      contactMessageId,
      { firstName: 'Aïcha', lastName: 'Diallo', email: 'aicha@example.ng', phone: '+234 803 555 0101', message: 'Livrez-vous à Abuja ?', language: 'fr' },
      new Date('2026-11-22T09:00:00Z'),
    );
    await appendToStream(testDb.db, contactMessageStreamId(contactMessageId), 0, received, visitor);
    await appendToStream(testDb.db, contactMessageStreamId(contactMessageId), 1, [{ type: 'ContactMessageStatusChanged', data: { contactMessageId, from: 'new', to: 'contacted', changedAt: '2026-11-22T10:00:00.000Z' } }], staff);

    const listed = listVehicle(vehicle, new Date('2026-11-01T00:00:00Z'));
    const reservationId = '7a4e1c2b-0000-4000-8000-0000000e0001';
    const requested = requestReservation(
      reservationId,
      listed,
      { name: 'Juma Mwangi', phone: '0803 555 0142', email: 'juma@example.ng', language: 'sw' },
      new Date('2026-11-22T09:05:00Z'),
    );
    // An earlier version's request, on the vehicle's stream, is notified the same way.
    const earlierId = '7a4e1c2b-0000-4000-8000-0000000e0002';
    const onVehicleStream: VehicleEvent = {
      type: 'ReservationRequested',
      data: { vehicleId: vehicle.id, reservationId: earlierId, vehicleName: 'Toyota Venza', name: 'Amina Yusuf', phone: '0803 555 0143', email: 'amina@example.ng', requestedAt: '2026-11-20T09:05:00.000Z' },
    };
    await appendToStream(testDb.db, vehicleStreamId(vehicle.id), 0, [...listed, onVehicleStream], visitor);
    await appendToStream(testDb.db, reservationRequestStreamId(reservationId), 0, requested, visitor);
    const closed = decideReservationRequest({ type: 'ChangeStatus', status: 'closed', now: new Date('2026-11-22T11:00:00Z') }, foldReservationRequest(requested));
    await appendToStream(testDb.db, reservationRequestStreamId(reservationId), 1, closed, staff);
    const closedEarlier = decideVehicle({ type: 'FollowUpReservation', reservationId: earlierId, followUp: { type: 'ChangeStatus', status: 'closed', now: new Date('2026-11-22T11:00:00Z') } }, foldVehicle([...listed, onVehicleStream]));
    await appendToStream(testDb.db, vehicleStreamId(vehicle.id), 2, closedEarlier, staff);

    const mailFrom = 'AutoBest Africa <no-reply@autobest.africa>';
    const mailer = createMailer(sink.url, mailFrom, pino({ level: 'silent' }));
    const notifier = createNotifier(context, mailFrom);
    const deliver = () => deliverDueEmails(testDb.db, mailer, statusTokens, pino({ level: 'silent' }));
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    await deliver();
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    await new Projector(testDb.db, [notifier]).rebuild();
    await deliver();
    mailer.close();

    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual(['aicha@example.ng', 'amina@example.ng', 'desk@autobest.example', 'desk@autobest.example', 'desk@autobest.example', 'juma@example.ng']);
    const to = (address: string) => sink.received.filter((mail) => mail.to[0] === address).map(readable);

    const [contactAcknowledgement] = to('aicha@example.ng');
    expect(contactAcknowledgement).toContain('Bonjour Aïcha Diallo,');
    expect(contactAcknowledgement).toContain('Notre équipe vous répondra sous 24 heures.');
    expect(contactAcknowledgement).toContain('<html lang="fr" dir="ltr">');

    const [reservationAcknowledgement] = to('juma@example.ng');
    expect(reservationAcknowledgement).toContain('Habari Juma Mwangi,');
    expect(reservationAcknowledgement).toContain('Asante kwa kuomba kuhifadhi Toyota Venza. Timu yetu ya mauzo itakupigia kwa 0803 555 0142 kuthibitisha uhifadhi wako.');

    const notices = to('desk@autobest.example');
    expect(notices.find((body) => body.includes('Aïcha Diallo sent a message from the contact page.'))).toContain(`https://autobest.example/admin/contact-messages/${contactMessageId}/show`);
    expect(notices.find((body) => body.includes('Juma Mwangi asked to reserve the Toyota Venza (toyota-venza-2024).'))).toContain(`https://autobest.example/admin/reservation-requests/${reservationId}/show`);
    expect(notices.find((body) => body.includes('Amina Yusuf asked to reserve the Toyota Venza (toyota-venza-2024).'))).toContain(`https://autobest.example/admin/reservation-requests/${earlierId}/show`);
    expect(to('amina@example.ng')[0]).toContain('Thank you for asking to reserve the Toyota Venza. Our sales team will call you on 0803 555 0143 to confirm your reservation.');

    const rows = await testDb.db.selectFrom('sent_emails').select(['template', 'to_address', 'related_id', 'transport']).orderBy('template').orderBy('related_id').execute();
    expect(rows).toEqual([
      { template: 'customer-contact-acknowledgement', to_address: 'aicha@example.ng', related_id: contactMessageId, transport: 'smtp' },
      { template: 'customer-reservation-acknowledgement', to_address: 'juma@example.ng', related_id: reservationId, transport: 'smtp' },
      { template: 'customer-reservation-acknowledgement', to_address: 'amina@example.ng', related_id: earlierId, transport: 'smtp' },
      { template: 'staff-new-contact-message', to_address: 'desk@autobest.example', related_id: contactMessageId, transport: 'smtp' },
      { template: 'staff-new-reservation', to_address: 'desk@autobest.example', related_id: reservationId, transport: 'smtp' },
      { template: 'staff-new-reservation', to_address: 'desk@autobest.example', related_id: earlierId, transport: 'smtp' },
    ]);
  });
});
