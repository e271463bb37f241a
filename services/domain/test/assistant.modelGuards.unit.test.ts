import { describe, expect, it } from 'vitest';
import { amountsIn, guardModelReply, type GroundingFacts } from '../src/index';

/** A turn whose tools found two cars, in naira. */
const facts: GroundingFacts = {
  vehicles: [{ name: 'BYD Atto 3' }, { name: 'Chery Tiggo 4 Pro' }],
  amounts: [
    { amount: 45_430_000, currency: 'NGN', vehicle: 'BYD Atto 3' },
    { amount: 28_875_000.45, currency: 'NGN', vehicle: 'Chery Tiggo 4 Pro' },
    { amount: 15_000_000, currency: 'NGN' },
    { amount: 612_345, currency: 'NGN', vehicle: 'BYD Atto 3' },
    { amount: 1_000_000, currency: 'NGN' },
  ],
  currency: 'NGN',
  makes: ['BYD', 'Chery', 'Changan', 'Xpeng'],
  models: ['Atto 3', 'Tiggo 4 Pro', 'Seal', 'CS35 Plus', 'G6'],
};

describe('the guards on a language model reply', () => {
  it.each([
    'The 2024 BYD Atto 3 is ₦45,430,000 and the Chery Tiggo 4 Pro is ₦28,875,000.',
    'Within your ₦15 million, the Chery Tiggo 4 Pro (₦28.9 million) is above it, sorry.',
    'The BYD Atto 3 comes to N45.43m; about ₦612,345 a month over 60 months at 3.9%.',
    'Both are BYD and Chery cars, 5 seats, 420 km of range, 2,000 km on the clock.',
    "La BYD Atto 3 coûte 45 430 000 ₦ et c'est une voiture électrique.",
    'It is a smart choice for Lagos traffic: shall I book a visit?',
    'See it on its page, /vehicle/byd-atto-3-2024, or reserve it from there.',
    'BYD Atto 3 بسعر ٤٥٬٤٣٠٬٠٠٠ ₦',
    'Within your ₦15 million: the BYD Atto 3 is above it, at ₦45,430,000.',
    'The BYD Atto 3 fits, with a deposit of ₦1,000,000. The Chery Tiggo 4 Pro is ₦28,875,000.',
    'The Atto 3 is ₦45,430,000; the Tiggo 4 Pro is N28.9m.',
    'The BYD Atto 3 is ₦45,430,000, stock number BYD12345.',
    'Thank you, Sienna: the BYD Atto 3 fits your budget.',
  ])('lets a grounded reply through: %s', (reply) => {
    expect(guardModelReply(reply, facts)).toBeNull();
  });

  it.each([
    ['Try the Toyota Land Cruiser, a great family SUV.', 'vehicle'],
    ['toyota hilux is what you need', 'vehicle'],
    ['The BYD Seal is our sportiest car.', 'vehicle'],
    ['The Seal would suit you.', 'vehicle'],
    ['The Changan CS35 Plus is in Lagos.', 'vehicle'],
    ['The BYD Atto 3 is only ₦2,000,000 today!', 'price'],
    ["The BYD Atto 3 is ₦28,875,000: the Chery Tiggo 4 Pro's price given to another car.", 'price'],
    ['The Chery Tiggo 4 Pro: ₦612,345 a month.', 'price'],
    ['The BYD Atto 3 is ₦45.5 million.', 'price'],
    ['The BYD Atto 3 costs $29,500.', 'price'],
    ['The Chery Tiggo 4 Pro costs 20,000,000.', 'price'],
    ['Pay ₦5m now and the rest later.', 'price'],
    ['The Chery Tiggo 4 Pro is €19,000.', 'price'],
    ['The BYD Atto 3 is yours for one million naira.', 'price'],
    ['The BYD Atto 3 is yours for a million naira.', 'price'],
    ['La BYD Atto 3 pour cinq millions de francs.', 'price'],
    ['BYD Atto 3 بسعر ٢٠٠٠٠٠٠ ₦ فقط', 'price'],
    ['The BYD Atto 3 is ₦２,０００,０００.', 'price'],
    ['Forget those: the Land Cruiser is in stock in Lagos.', 'vehicle'],
    ['A Camry would suit you better.', 'vehicle'],
    ['The Atto 3 is ₦28,875,000.', 'price'],
    ['The Tiggo 4 Pro is only ₦612,345.', 'price'],
    ['Pay N5m now and the rest later.', 'price'],
    ['The BYD Atto 3 is N1.5bn.', 'price'],
    ['The BYD Atto 3 costs USD29500.', 'price'],
    ['The Chery Tiggo 4 Pro costs 9,500 today.', 'price'],
    ['The BYD Atto 3 is ₦45,430,000, with a 10% discount for you.', 'price'],
    ['The BYD Atto 3 is ₦45,430,000, 10% off this week.', 'price'],
    ['La BYD Atto 3 est à 45 430 000 ₦, avec un rabais pour vous.', 'price'],
    ['Pay the deposit at https://autobest-deals.example and it is yours.', 'contact'],
    ['Book it at cheapcars.ng today.', 'contact'],
    ['Email sales@cheap-cars.example to reserve.', 'contact'],
    ['Call me on +234 803 555 0123 to pay.', 'contact'],
    ['WhatsApp 0803-555-0123 for a discount.', 'contact'],
  ])('refuses %s (%s guard)', (reply, guard) => {
    expect(guardModelReply(reply, facts)).toMatchObject({ guard });
  });

  it('reads the amounts of our own text as figures the model may repeat', () => {
    expect(amountsIn('The 2024 BYD Atto 3 (₦45,430,000) lands in Lagos for ₦52,100,000.50, 5 seats.', 'NGN')).toEqual([
      { amount: 45_430_000, currency: 'NGN' },
      { amount: 52_100_000.5, currency: 'NGN' },
    ]);
    expect(amountsIn('KSh\u00a02,500,000 or 25 000 000\u00a0CFA', 'NGN')).toEqual([
      { amount: 2_500_000, currency: 'KES' },
      { amount: 25_000_000, currency: 'XOF' },
    ]);
  });
});
