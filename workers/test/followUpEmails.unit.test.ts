import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@autobest/db';
import { reservationRequestStreamId, type DomainEvent, type SiteLanguage } from '@autobest/domain';
import { listVehicle, receiveContactMessage, requestReservation, sampleVenza } from '@autobest/domain/testing';
import { contactMessageEmails, reservationEmails } from '../src/emails/followUpEmails';

const context = { publicUrl: 'https://autobest.example/', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };
const visitor = { actor: { kind: 'visitor' as const }, correlationId: 'c', causationId: null, requestId: null };

let position = 0;
/** An event as the store gives it back: only data and type matter to a planner. */
function stored(streamId: string, event: DomainEvent<string, object>): StoredEvent {
  position += 1;
  return {
    globalPosition: position,
    transactionId: '1',
    streamId,
    streamPosition: 1,
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type: event.type,
    data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
    metadata: visitor,
    occurredAt: new Date('2026-11-22T09:00:00Z'),
  };
}

const contactMessageId = '3f1b2c4d-0000-4000-8000-0000000c0001';
const contactMessage = (input: { language?: SiteLanguage; firstName?: string; message?: string }) => {
  const [received] = receiveContactMessage(
    contactMessageId,
    { firstName: 'Aïcha', lastName: 'Diallo', email: 'aicha@example.ng', phone: '+234 803 555 0101', message: 'Do you deliver the Toyota Venza to Abuja?', ...input },
    new Date('2026-11-22T09:00:00Z'),
  );
  return stored(`contact-message-${contactMessageId}`, received!);
};

const listed = listVehicle(sampleVenza, new Date('2026-11-01T00:00:00Z'));
const reservationId = '3f1b2c4d-0000-4000-8000-0000000e0001';
const reservation = (input: { email?: string; language?: SiteLanguage; name?: string }) => {
  const [requested] = requestReservation(reservationId, listed, { name: 'Chidi Okeke', phone: '0803 555 0142', ...input }, new Date('2026-11-22T09:00:00Z'));
  return stored(reservationRequestStreamId(reservationId), requested!);
};

describe('contactMessageEmails', () => {
  it('tells staff who wrote and what they asked, with the console link, and acknowledges in English by default', () => {
    const planned = contactMessageEmails(contactMessage({}), context)!;
    expect(planned.relatedId).toBe(contactMessageId);
    expect(planned.emails.map((email) => [email.template, email.to, email.subject])).toEqual([
      ['staff-new-contact-message', 'desk@autobest.example', `New contact message ${contactMessageId}`],
      ['customer-contact-acknowledgement', 'aicha@example.ng', 'We received your message'],
    ]);
    const [notice, acknowledgement] = planned.emails;
    for (const line of [
      'Aïcha Diallo sent a message from the contact page.',
      'Email: aicha@example[.]ng',
      'Phone: +234 803 555 0101',
      'Language on the site: English',
      'Message: “Do you deliver the Toyota Venza to Abuja?”',
      `https://autobest.example/admin/contact-messages/${contactMessageId}/show`,
    ]) {
      expect(notice!.text).toContain(line);
    }
    expect(acknowledgement!.text).toBe(
      [
        'Dear Aïcha Diallo,',
        'Thank you! Your message has been sent. Our team will get back to you within 24 hours.',
        `Your reference is ${contactMessageId}.`,
        'Questions? Call us on +234 800 288 6237, Mon-Sat, 8AM-6PM (WAT).',
        '',
      ].join('\n'),
    );
    // What the visitor wrote goes to staff only, never back to the mailbox given.
    expect(acknowledgement!.text).not.toContain('Venza');
    expect(acknowledgement!.html).not.toMatch(/dir="rtl"/);
  });

  it.each([
    ['fr', 'Nous avons bien reçu votre message', 'Bonjour Aïcha Diallo,', 'Notre équipe vous répondra sous 24 heures.', 'ltr'],
    ['ar', 'تلقّينا رسالتك', 'مرحبًا Aïcha Diallo،', 'سيرد عليك فريقنا خلال 24 ساعة.', 'rtl'],
    ['sw', 'Tumepokea ujumbe wako', 'Habari Aïcha Diallo,', 'Timu yetu itakujibu ndani ya saa 24.', 'ltr'],
  ] as const)('acknowledges in %s, the language used on the site, with the 24-hour promise', (language, subject, greeting, promise, dir) => {
    const [notice, acknowledgement] = contactMessageEmails(contactMessage({ language }), context)!.emails;
    expect(acknowledgement!.subject).toBe(subject);
    expect(acknowledgement!.text.split('\n')[0]).toBe(greeting);
    expect(acknowledgement!.text).toContain(promise);
    expect(acknowledgement!.text).toContain('+234 800 288 6237');
    expect(acknowledgement!.html).toContain(`<html lang="${language}" dir="${dir}">`);
    // Staff read their notice in English whatever the visitor's language, told which one it was.
    expect(notice!.text).toContain(`Language on the site: ${{ fr: 'French', ar: 'Arabic', sw: 'Swahili' }[language]}`);
  });

  it('greets without the name when it fails the name rules, and escapes the HTML part', () => {
    const [notice, acknowledgement] = contactMessageEmails(contactMessage({ firstName: '<b>Visit</b> evil.test' }), context)!.emails;
    expect(acknowledgement!.text.split('\n')[0]).toBe('Hello,');
    expect(notice!.text).toContain('<b>Visit</b> evil[.]test Diallo sent a message');
    expect(notice!.html).toContain('&lt;b&gt;Visit&lt;/b&gt; evil[.]test Diallo');
    expect(notice!.html).not.toContain('<b>Visit');
  });

  it('plans nothing for a staff status change or note', () => {
    const changed = stored(`contact-message-${contactMessageId}`, { type: 'ContactMessageStatusChanged', data: { contactMessageId, from: 'new', to: 'contacted', changedAt: '2026-11-22T10:00:00.000Z' } });
    expect(contactMessageEmails(changed, context)).toBeNull();
  });
});

describe('reservationEmails', () => {
  it('tells staff who asked to reserve which vehicle, with the vehicle page and the console link', () => {
    const planned = reservationEmails(reservation({ email: 'chidi@example.ng' }), context)!;
    expect(planned.relatedId).toBe(reservationId);
    expect(planned.emails.map((email) => [email.template, email.to, email.subject])).toEqual([
      ['staff-new-reservation', 'desk@autobest.example', `New reservation request ${reservationId}: Toyota Venza`],
      ['customer-reservation-acknowledgement', 'chidi@example.ng', 'We received your reservation request'],
    ]);
    const [notice, acknowledgement] = planned.emails;
    for (const line of [
      'Chidi Okeke asked to reserve the Toyota Venza (toyota-venza-2024).',
      'Phone: 0803 555 0142',
      'Email: chidi@example[.]ng',
      'Language on the site: English',
      'Vehicle page: https://autobest.example/vehicle/toyota-venza-2024',
      `https://autobest.example/admin/reservation-requests/${reservationId}/show`,
    ]) {
      expect(notice!.text).toContain(line);
    }
    expect(acknowledgement!.text).toBe(
      [
        'Dear Chidi Okeke,',
        'Thank you for asking to reserve the Toyota Venza. Our sales team will call you on 0803 555 0142 to confirm your reservation.',
        'A reservation holds the vehicle for you for 7 days, or for the time agreed in writing, while we prepare the inspection and paperwork. The reservation amount is part of the price.',
        `Your reference is ${reservationId}.`,
        'The vehicle: https://autobest.example/vehicle/toyota-venza-2024',
        'Questions? Call us on +234 800 288 6237, Mon-Sat, 8AM-6PM (WAT).',
        '',
      ].join('\n'),
    );
  });

  it('tells only staff when the buyer gave no email', () => {
    const planned = reservationEmails(reservation({}), context)!;
    expect(planned.emails.map((email) => email.template)).toEqual(['staff-new-reservation']);
    expect(planned.emails[0]!.text).toContain('Email: not given');
  });

  it.each([
    ['fr', 'Nous avons bien reçu votre demande de réservation', 'Notre équipe commerciale vous appellera au 0803 555 0142 pour confirmer votre réservation.', 'pendant 7 jours'],
    ['ar', 'تلقّينا طلب الحجز الخاص بك', 'سيتصل بك فريق المبيعات على الرقم 0803 555 0142 لتأكيد حجزك.', 'مدة 7 أيام'],
    ['sw', 'Tumepokea ombi lako la kuhifadhi gari', 'Timu yetu ya mauzo itakupigia kwa 0803 555 0142 kuthibitisha uhifadhi wako.', 'kwa siku 7'],
  ] as const)('acknowledges in %s', (language, subject, promise, holds) => {
    const [, acknowledgement] = reservationEmails(reservation({ email: 'chidi@example.ng', language }), context)!.emails;
    expect(acknowledgement!.subject).toBe(subject);
    expect(acknowledgement!.text).toContain(promise);
    expect(acknowledgement!.text).toContain(holds);
    expect(acknowledgement!.text).toContain('Toyota Venza');
  });

  it('names the vehicle by its id for requests recorded before they kept its name, and plans nothing for other vehicle events', () => {
    const old = stored(`vehicle-${sampleVenza.id}`, { type: 'ReservationRequested', data: { vehicleId: sampleVenza.id, reservationId, name: 'Chidi Okeke', phone: '0803 555 0142', requestedAt: '2025-01-01T00:00:00.000Z' } });
    expect(reservationEmails(old, context)!.emails[0]!.text).toContain('asked to reserve the toyota-venza-2024 (toyota-venza-2024)');
    const note = stored(`vehicle-${sampleVenza.id}`, { type: 'ReservationNoteAdded', data: { vehicleId: sampleVenza.id, reservationId, text: 'x', addedAt: '2026-11-22T10:00:00.000Z' } });
    expect(reservationEmails(note, context)).toBeNull();
  });
});
