export * from './platform/config';
export * from './platform/validation';
export * from './platform/events';
export * from './contact/contactMessage';
export * from './submissions/index';
export * from './money/index';
export * from './inventory/index';
export * from './analytics/index';
