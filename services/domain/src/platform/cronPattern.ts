/**
 * Cron patterns of the settings that schedule installation-wide work (RATES_CRON, later the news feeds). BullMQ reads
 * them with cron-parser when the workers start; checking them here means a typo stops the start with a message naming
 * the variable instead of failing inside the workers (or never firing). The accepted language is the classic one,
 * a subset of cron-parser's: five fields, numbers, names, `*`, ranges, steps and lists.
 */

interface CronField {
  name: string;
  min: number;
  max: number;
  /** Names a value may be written as (JAN = 1, SUN = 0). */
  names?: readonly string[];
  namesFrom?: number;
  /** Values that mean the same as another (7 is Sunday, 0). */
  same?: (value: number) => number;
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const FIELDS: readonly CronField[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES, namesFrom: 1 },
  // 0 and 7 are both Sunday.
  { name: 'day of week', min: 0, max: 7, names: WEEKDAY_NAMES, namesFrom: 0, same: (value) => value % 7 },
];

/** The longest each month can be (February in a leap year). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const CRON_PATTERN_HELP =
  'a cron pattern of five fields, minute hour day-of-month month day-of-week, in UTC (e.g. "0 */6 * * *" for every 6 hours): numbers, names (JAN, MON), *, ranges (1-5), steps (*/15) and lists (0,30)';

function valueOf(text: string, field: CronField): number | string {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return named + (field.namesFrom ?? 0);
  if (!/^\d+$/.test(text)) return `"${text}" is not a number${field.names ? ' or a name' : ''} in the ${field.name} field`;
  const value = Number(text);
  if (value < field.min || value > field.max) return `${value} is outside ${field.min}-${field.max} in the ${field.name} field`;
  return value;
}

/** The values a field selects, or why it is wrong. */
function parseField(text: string, field: CronField): Set<number> | string {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const [range = '', step, extra] = item.split('/');
    if (range === '' || extra !== undefined || step === '') return `"${item}" is not a value, range or step in the ${field.name} field`;
    let from = field.min;
    let to = field.max;
    if (range !== '*') {
      const [first = '', last, more] = range.split('-');
      if (more !== undefined || last === '') return `"${range}" is not a value or range in the ${field.name} field`;
      const start = valueOf(first, field);
      if (typeof start === 'string') return start;
      const end = last === undefined ? (step === undefined ? start : field.max) : valueOf(last, field);
      if (typeof end === 'string') return end;
      if (start > end) return `the range ${range} in the ${field.name} field runs backwards`;
      from = start;
      to = end;
    }
    let every = 1;
    if (step !== undefined) {
      if (!/^\d+$/.test(step) || Number(step) === 0) return `the step "/${step}" in the ${field.name} field must be a whole number above 0`;
      every = Number(step);
    }
    // cron-parser refuses a list whose items overlap (BullMQ would fail at start), though one range may hold 0 and 7.
    const itemValues = new Set<number>();
    for (let value = from; value <= to; value += every) itemValues.add(field.same ? field.same(value) : value);
    const repeated = [...itemValues].find((value) => values.has(value));
    if (repeated !== undefined) return `${repeated} is named twice in the ${field.name} field`;
    for (const value of itemValues) values.add(value);
  }
  return values;
}

/** Why a cron pattern would be refused or never fire, or undefined when it is good. */
export function cronPatternProblem(pattern: string): string | undefined {
  const parts = pattern.trim().split(/\s+/);
  if (parts.length !== FIELDS.length) return `"${pattern}" has ${parts.length} field${parts.length === 1 ? '' : 's'}; write ${CRON_PATTERN_HELP}`;
  const selected: Set<number>[] = [];
  for (const [index, field] of FIELDS.entries()) {
    const values = parseField(parts[index]!, field);
    if (typeof values === 'string') return `${values}; write ${CRON_PATTERN_HELP}`;
    selected.push(values);
  }
  const [, , days, months] = selected as [Set<number>, Set<number>, Set<number>, Set<number>];
  // Day of month and day of week restricted together fire on either (cron's rule), so only a pattern whose weekday is
  // `*` can name days that its months never have (the 30th of February).
  if (parts[4] === '*' && ![...months].some((month) => [...days].some((day) => day <= DAYS_IN_MONTH[month - 1]!))) {
    return `"${pattern}" names days its months never have, so it would never run`;
  }
  return undefined;
}
