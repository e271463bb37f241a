import type { z } from 'zod';

/** An event as a decider produces it: a type and its data. The store adds ids, positions and metadata. */
export interface DomainEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  type: Type;
  data: Data;
}

/** Who did something and in which request; stored with every event. */
export interface EventMetadata {
  actor: { kind: 'visitor' } | { kind: 'staff'; staffUserId: string; email: string } | { kind: 'system'; name: string };
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
}

/**
 * What a command handler needs of a stream type: its event schema (checked on every event read), where its state
 * starts and how each event moves it (emmett's `CommandHandler(evolve, initialState)`).
 */
export interface Decider<State, Event extends DomainEvent<string, object>> {
  eventSchema: z.ZodType<Event>;
  initialState: State;
  evolve(state: State, event: Event): State;
}
