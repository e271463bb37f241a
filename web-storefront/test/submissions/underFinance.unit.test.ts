import { describe, expect, it } from 'vitest';
import { renderMessage } from '@autobest/domain';
import { fieldErrorsOf } from '@autobest/domain/validation';
import { SELL_CAR, TRADE_IN, vehicleInitialValues } from '../../src/submissions/kinds';
import fr from '../../src/api/formMessages/fr';

/** A trade-in form filled in except for the under-finance question, as the seller would leave it. */
const filledIn = (form: typeof TRADE_IN) => ({
  ...vehicleInitialValues(form),
  fullName: 'Amina Bello',
  phoneNumber: '0803 555 0142',
  email: 'amina@example.ng',
  vehicleMake: 'Toyota',
  make: 'Toyota',
  model: 'Corolla',
  year: '2016',
  odometer: '84000',
  fuelType: 'petrol',
  transmission: 'automatic',
  askingPrice: '5200000',
  consent: 'true',
});

describe("the trade-in's under-finance question", () => {
  it('starts unanswered on the trade-in form, and at No on the sell form (spec 001 §5)', () => {
    expect(vehicleInitialValues(TRADE_IN)['underFinance']).toBe('');
    expect(vehicleInitialValues(SELL_CAR)['underFinance']).toBe('no');
  });

  it("says 'Please specify if vehicle is under finance' when the seller sends without choosing", () => {
    const parsed = TRADE_IN.schema.safeParse(filledIn(TRADE_IN));
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    expect(Object.keys(errors)).toEqual(['underFinance']);
    const code = errors['underFinance']?.code;
    expect(code && renderMessage(code)).toBe('Please specify if vehicle is under finance');
    expect(code && fr[code as keyof typeof fr]).toBe('Veuillez indiquer si le véhicule fait l’objet d’un financement en cours');
  });

  it('takes the answer once the seller chooses', () => {
    for (const answer of ['yes', 'no']) expect(TRADE_IN.schema.safeParse({ ...filledIn(TRADE_IN), underFinance: answer }).success, answer).toBe(true);
  });
});
