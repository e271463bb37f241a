export * from './schema';
export * from './connection';
export * from './eventStore';
export * from './checkpoints';
export * from './commandHandler';
export * from './groupedAppends';
export * from './insertRows';
export * from './plannerSettings';
export { PREPARED } from './preparedStatements';
