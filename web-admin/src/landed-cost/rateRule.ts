import { RateRuleSchema, ShareSchema } from '@autobest/domain/landedCost/tariff';

/**
 * The console checks a tariff line's rate with the domain's own schema, on the shares the form keeps, so it refuses
 * what the API would refuse. Only the wording is the console's: staff see "up to cc", not `upToCc: null`.
 */

const CONSOLE_WORDING: Record<string, string> = {
  'the last band must be open-ended (upToCc: null)': 'The last band must be open-ended: leave its “Up to cc” empty',
  'bands must rise, each with an upper limit but the last': 'Bands must rise: each needs an “Up to cc” larger than the one before, all but the last',
};

const UP_TO_CC = 'Up to cc must be a whole number from 1 to 20000 (empty: and above, last band only)';

interface Issue {
  path: PropertyKey[];
  message: string;
  code: string;
}

function wording(issue: Issue): string {
  const last = issue.path.at(-1);
  if (last === 'upToCc') return UP_TO_CC;
  if (issue.path.length === 1 && issue.path[0] === 'bands' && issue.code === 'too_small') return 'Add at least one band';
  if (issue.path.length === 1 && issue.path[0] === 'bands' && issue.code === 'too_big') return 'At most 10 bands';
  const message = CONSOLE_WORDING[issue.message] ?? issue.message;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** What is wrong with one field of a rate rule (its path inside the rule, like `rates.goods` or `bands.1.rate`), or nothing. */
export function rateRuleProblem(rule: unknown, field: string): string | undefined {
  const result = RateRuleSchema.safeParse(rule);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path.join('.') === field);
  return issue ? wording(issue) : undefined;
}

/** What is wrong with the bands of an engine-size rule as a whole (order, the open-ended last band), or nothing. */
export function bandsProblem(bands: unknown): string | undefined {
  if (!Array.isArray(bands) || bands.length === 0) return 'Add at least one band';
  return rateRuleProblem({ kind: 'byEngineCc', bands, electric: 0 }, 'bands');
}

/** What is wrong with a single share (the freight's marine insurance), or nothing. */
export function shareProblem(share: unknown): string | undefined {
  if (share === null || share === undefined) return undefined;
  const result = ShareSchema.safeParse(share);
  return result.success ? undefined : wording(result.error.issues[0]!);
}
