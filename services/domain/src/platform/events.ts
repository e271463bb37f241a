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
