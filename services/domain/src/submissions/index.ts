export * from './fields';
export * from './sellCar';
export * from './tradeIn';
export * from './kinds';
export * from './submission';
export * from './contracts';
