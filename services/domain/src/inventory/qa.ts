/** Inventory QA (spec 001): 5 images per vehicle; health by issue count 0 / 1-2 / above 2. */
export const QA_REQUIRED_IMAGES = 5;
/** A price this far from its model's median (either way) needs a look. */
export const QA_PRICE_DEVIATION = 0.5;
/** Medians from fewer listings say little. */
export const QA_MEDIAN_MIN_LISTINGS = 3;

export type QaHealth = 'Complete' | 'Needs Review' | 'Critical';
export type QaIssueKind = 'images' | 'specifications' | 'features' | 'price' | 'duplicate';

export interface QaIssue {
  kind: QaIssueKind;
  message: string;
}

export interface QaFacts {
  imageCount: number;
  specificationCount: number;
  featureCount: number;
  priceUsd: number;
  modelMedianUsd: number | null;
  modelListings: number;
  duplicateOf: string | null;
}

export function qaIssues(facts: QaFacts): QaIssue[] {
  const issues: QaIssue[] = [];
  if (facts.imageCount < QA_REQUIRED_IMAGES) issues.push({ kind: 'images', message: `Only ${facts.imageCount} of ${QA_REQUIRED_IMAGES} images` });
  if (facts.specificationCount === 0) issues.push({ kind: 'specifications', message: 'Missing specifications' });
  if (facts.featureCount === 0) issues.push({ kind: 'features', message: 'Missing features' });
  if (facts.modelMedianUsd && facts.modelListings >= QA_MEDIAN_MIN_LISTINGS) {
    const deviation = (facts.priceUsd - facts.modelMedianUsd) / facts.modelMedianUsd;
    if (Math.abs(deviation) > QA_PRICE_DEVIATION) {
      issues.push({ kind: 'price', message: `Price ${deviation > 0 ? 'above' : 'below'} the model median by ${Math.round(Math.abs(deviation) * 100)}%` });
    }
  }
  if (facts.duplicateOf) issues.push({ kind: 'duplicate', message: `Possible duplicate of ${facts.duplicateOf}` });
  return issues;
}

export function qaHealth(issueCount: number): { health: QaHealth; priority: 'HIGH' | 'MEDIUM' | null } {
  if (issueCount === 0) return { health: 'Complete', priority: null };
  if (issueCount <= 2) return { health: 'Needs Review', priority: 'MEDIUM' };
  return { health: 'Critical', priority: 'HIGH' };
}
