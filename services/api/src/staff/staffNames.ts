import type { Db } from '@autobest/db';

/*
 * History tabs and notes say who did something by the person's name (issue 17.4). The read models keep the email the
 * event recorded (a name changes, an event does not); the name is looked up when staff read the record: the person's
 * display name now, or the recorded email once the account is gone.
 */

/** A record field that names staff: entries of a history or notes (`by`), a last editor (`updatedBy`) or an author (`createdBy`). */
interface NamedBy {
  by: string | null;
}
type Record_ = Record<string, unknown>;

/** Fields that hold one staff member's email. */
const PERSON_FIELDS = ['updatedBy', 'createdBy'] as const;

const isEntryList = (value: unknown): value is NamedBy[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null && 'by' in entry);

/** The display names of the staff accounts with these emails, by lowercased email. */
async function namesByEmail(db: Db, emails: ReadonlySet<string>): Promise<Map<string, string>> {
  if (emails.size === 0) return new Map();
  const rows = await db
    .selectFrom('staff_users')
    .select(['email', 'display_name'])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', [...emails]))
    .execute();
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.display_name]));
}

/**
 * Records as staff read them: every `by` in their `history` and `notes` entries, and their `updatedBy` and `createdBy`, is the staff
 * member's name instead of the email the event recorded (one query for all the records). A `by` that is no staff
 * member's email (an owner, the system) stays as it is.
 */
export async function withStaffNames<Shown>(db: Db, records: readonly Shown[]): Promise<Shown[]> {
  const emails = new Set<string>();
  const note = (by: unknown) => {
    if (typeof by === 'string' && by.includes('@')) emails.add(by.toLowerCase());
  };
  for (const record of records as readonly Record_[]) {
    for (const field of ['history', 'notes']) {
      const entries = record[field];
      if (isEntryList(entries)) for (const entry of entries) note(entry.by);
    }
    for (const field of PERSON_FIELDS) note(record[field]);
  }
  const names = await namesByEmail(db, emails);
  const nameOf = <By extends string | null>(by: By) => (typeof by === 'string' ? (names.get(by.toLowerCase()) ?? by) : by);
  return (records as readonly Record_[]).map((record) => {
    const shown: Record_ = { ...record };
    for (const field of ['history', 'notes']) {
      const entries = record[field];
      if (isEntryList(entries)) shown[field] = entries.map((entry) => ({ ...entry, by: nameOf(entry.by) }));
    }
    for (const field of PERSON_FIELDS) if (typeof record[field] === 'string') shown[field] = nameOf(record[field]);
    return shown as Shown;
  });
}

/** One record as staff read it (withStaffNames). */
export async function withStaffName<Shown>(db: Db, record: Shown): Promise<Shown> {
  const [shown] = await withStaffNames(db, [record]);
  return shown!;
}
