export * from './tariff';
export * from './quote';
export * from './contracts';
export * from './seed';
export * from './events';
