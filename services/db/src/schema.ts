import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** int8 columns are parsed to JS numbers (see connection.ts); positions stay far below 2^53. */
type Int8 = ColumnType<number, number | bigint | string, number | bigint | string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EventsTable {
  global_position: ColumnType<number, never, never>;
  /** xid8, kept as its decimal text: it can exceed 2^53. */
  transaction_id: ColumnType<string, never, never>;
  stream_id: string;
  stream_position: Int8;
  event_id: string;
  type: string;
  data: JSONColumnType<Record<string, unknown>>;
  metadata: JSONColumnType<Record<string, unknown>>;
  occurred_at: Generated<Date>;
}

export interface ProcessorCheckpointsTable {
  processor_name: string;
  last_transaction_id: string;
  last_global_position: Int8;
  updated_at: Timestamp;
}

export interface StaffUsersTable {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  role: string;
  created_at: Generated<Date>;
  disabled_at: Date | null;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  received_at: Timestamp;
  global_position: Int8;
  /** When the projector wrote the row; received_at → projected_at is the projection lag. */
  projected_at: Generated<Date>;
}

export interface Database {
  events: EventsTable;
  processor_checkpoints: ProcessorCheckpointsTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  contact_messages: ContactMessagesTable;
}
