export * from './vehicle';
export * from './tabs';
