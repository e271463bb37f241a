export * from './vehicle';
export * from './tabs';
export * from './qa';
export * from './catalogue';
export * from './dataCollection';
export * from './priceBuckets';
export * from './adminContracts';
export * from './reservationContracts';
