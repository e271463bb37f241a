import { languageOf, SubmissionEventSchema, submissionKindOfStream, WHATSAPP_REPLY_AUTHOR } from '@autobest/domain';
import { appendedTo, eventByEventProjection, staffEmailOf } from '../projector/projection';

/** Both kinds of owner requests, as the console lists them and the status page shows them. */
export const submissionsProjection = eventByEventProjection({
  name: 'submissions',
  tables: ['submissions'],
  schema: SubmissionEventSchema,
  async applyEvent(trx, event, stored) {
    const kind = submissionKindOfStream(stored.streamId);
    if (!kind) return;
    const version = stored.streamPosition;
    switch (event.type) {
      case 'SellCarSubmitted':
      case 'TradeInSubmitted': {
        const { personalInfo: person, vehicleInfo: vehicle } = event.data;
        await trx
          .insertInto('submissions')
          .values({
            id: event.data.submissionId,
            kind,
            submitted_at: event.data.submittedAt,
            full_name: person.fullName,
            phone_number: person.phoneNumber,
            email: person.email,
            make: vehicle.make,
            model: vehicle.model,
            year: vehicle.year,
            odometer: vehicle.odometer,
            fuel_type: vehicle.fuelType,
            transmission: vehicle.transmission,
            vin: vehicle.vin,
            known_issues: vehicle.knownIssues,
            under_finance: vehicle.underFinance,
            asking_price: vehicle.askingPrice,
            language: languageOf(event.data),
            status: 'pending',
            last_updated: null,
            value_minor: null,
            notes: JSON.stringify([]),
            // Nothing to show until the photo processor has made its own copies.
            photos: JSON.stringify(event.data.photos.map(({ slot, label }) => ({ slot, label, state: 'processing' }))),
            // Newer requests' tokens are derived from the id; only older ones have a digest to check against.
            status_token_hash: event.data.legacyStatusTokenDigest ?? null,
            version,
            global_position: stored.globalPosition,
          })
          .execute();
        break;
      }
      case 'SubmissionStatusChanged':
        await trx
          .updateTable('submissions')
          .set({ status: event.data.to, last_updated: event.data.changedAt, version })
          .where('id', '=', event.data.submissionId)
          .execute();
        break;
      case 'SubmissionOfferedValueSet':
      case 'SubmissionEstimatedValueSet': {
        const value = event.type === 'SubmissionOfferedValueSet' ? event.data.offeredValue : event.data.estimatedValue;
        await trx
          .updateTable('submissions')
          .set({ value_minor: value?.amountMinor ?? null, last_updated: event.data.setAt, version })
          .where('id', '=', event.data.submissionId)
          .execute();
        break;
      }
      case 'SubmissionNoteAdded': {
        await trx
          .updateTable('submissions')
          .set({ notes: appendedTo('notes', { text: event.data.text, at: event.data.addedAt, by: staffEmailOf(stored) }), last_updated: event.data.addedAt, version })
          .where('id', '=', event.data.submissionId)
          .execute();
        break;
      }
      case 'SubmissionWhatsAppReplyReceived': {
        const { text, receivedAt } = event.data;
        await trx
          .updateTable('submissions')
          .set({ notes: appendedTo('notes', { text, at: receivedAt, by: WHATSAPP_REPLY_AUTHOR }), last_updated: receivedAt, version })
          .where('id', '=', event.data.submissionId)
          .execute();
        break;
      }
      case 'SubmissionDeleted':
        await trx.deleteFrom('submissions').where('id', '=', event.data.submissionId).execute();
        break;
      case 'SubmissionPhotosProcessed':
        await trx
          .updateTable('submissions')
          .set({ photos: JSON.stringify(event.data.photos), version })
          .where('id', '=', event.data.submissionId)
          .execute();
        break;
      case 'SubmissionPhotosErased':
        // Recorded after the row is gone: the history route shows it.
        break;
    }
  },
});
