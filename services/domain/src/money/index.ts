export * from './currencies';
export * from './money';
export * from './geo';
export * from './finance';
