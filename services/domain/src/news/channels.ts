/**
 * The curated list's 11 top review channels (spec 001 section 3: "A built-in curated list holds 10 videos and 11 top
 * channels"): the one list the storefront's news page shows and `/api/videos/channels` answers.
 */
export const TOP_REVIEW_CHANNELS: readonly string[] = [
  'Carwow',
  'Doug DeMuro',
  'Top Gear',
  'MotorTrend',
  'Car and Driver',
  'Autocar',
  'Cars.co.za',
  'The Straight Pipes',
  'Throttle House',
  'Savagegeese',
  'What Car?',
];
