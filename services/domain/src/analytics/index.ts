export * from './events';
export * from './pages';
