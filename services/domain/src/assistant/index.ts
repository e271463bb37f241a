export * from './contracts';
export * from './slots';
export * from './understanding';
export * from './replies';
export * from './conversation';
export * from './handoff';
export * from './transcript';
export * from './modelGuards';
