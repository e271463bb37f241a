import { describe, expect, it } from 'vitest';
import { qaHealth, qaIssues } from '../src/index';

const clean = { imageCount: 5, specificationCount: 4, featureCount: 2, priceUsd: 20_000, modelMedianUsd: 21_000, modelListings: 6, duplicateOf: null };

describe('inventory QA', () => {
  it('finds nothing wrong with a complete listing', () => {
    expect(qaIssues(clean)).toEqual([]);
    expect(qaHealth(0)).toEqual({ health: 'Complete', priority: null });
  });

  it('names each problem', () => {
    expect(qaIssues({ ...clean, imageCount: 1, specificationCount: 0, featureCount: 0, priceUsd: 40_000, duplicateOf: 'chery-a' }).map((issue) => issue.message)).toEqual([
      'Only 1 of 5 images',
      'Missing specifications',
      'Missing features',
      'Price above the model median by 90%',
      'Possible duplicate of chery-a',
    ]);
  });

  it('ignores the median of a model with too few listings', () => {
    expect(qaIssues({ ...clean, priceUsd: 90_000, modelListings: 2 })).toEqual([]);
  });

  it('grades health by the spec thresholds: 0, up to 2, above 2', () => {
    expect([1, 2, 3].map((count) => qaHealth(count))).toEqual([
      { health: 'Needs Review', priority: 'MEDIUM' },
      { health: 'Needs Review', priority: 'MEDIUM' },
      { health: 'Critical', priority: 'HIGH' },
    ]);
  });
});
