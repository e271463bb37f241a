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

/** One event of a stream's schema: an object whose `type` is a literal. */
type EventOptionSchema = z.ZodObject<{ type: z.ZodLiteral<string>; data: z.ZodType }>;

/**
 * The type names of a stream's events, read from its schema (the one declaration of the stream's events), so the set
 * a projection handles cannot miss an event the schema allows.
 */
export function eventTypesOf(schema: { options: readonly EventOptionSchema[] }): ReadonlySet<string> {
  return new Set(schema.options.flatMap((option) => [...option.shape.type.values]));
}
