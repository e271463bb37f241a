export * from './bounds';
export * from './events';
export * from './pages';
export * from './contracts';
